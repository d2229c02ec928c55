#pragma once
// The engine core's JSON reader now lives in the public header (param_table.h speaks it).
#include "shuimo/engine/json.h"
