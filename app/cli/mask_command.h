#pragma once
// shuimo-cli mask: an automatic region mask of a photo, written for the artist to correct
// (docs/REGIONS.md): shuimo-cli mask sky|faces --input PHOTO --output MASK.png

#include <QStringList>

namespace shuimo::cli {

// Returns the exit code; throws UsageError for a malformed command line.
int run_mask_command(const QStringList& arguments);

}  // namespace shuimo::cli
