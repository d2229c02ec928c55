#pragma once
// Process-wide settings the GUI needs before any library starts threads.

namespace shuimo::ui {

// Makes the OpenMP threads that torch uses sleep, rather than spin, while they
// wait for work (OMP_WAIT_POLICY=PASSIVE). Spinning threads take CPU time the
// GUI thread needs on a machine with few cores (the event loop's largest gap
// roughly halves on two cores). libgomp reads the variable when it is loaded,
// before main() runs, so on Linux this sets it and re-executes the program once;
// a policy the user set is kept. Call first thing in main(); `argv` must be
// main's (null-terminated). Returns only if no re-execution happened.
void preferPassiveOpenMpWaits(char** argv);

}  // namespace shuimo::ui
