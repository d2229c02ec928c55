// The safetensors reader (weights from the user, a download or an import) and
// the VGG-19 layout check that follows it everywhere.
#include <cstddef>
#include <cstdint>

#include "fuzz_support.h"
#include "shuimo/engine/errors.h"
#include "shuimo/engine/safetensors.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    using namespace shuimo::engine;
    const auto path = shuimo::fuzz::write_input(data, size, "input.safetensors");
    try {
        const SafetensorsFile file = SafetensorsFile::open(path);
        std::size_t touched = 0;
        for (const auto& entry : file.entries()) {
            const auto bytes = file.bytes(entry);  // must stay inside the mapping (ASan sees the map's end)
            if (!bytes.empty()) touched += std::to_integer<std::size_t>(bytes.front()) + std::to_integer<std::size_t>(bytes.back());
            if (file.find(entry.name) == nullptr) __builtin_trap();
        }
        volatile std::size_t sink = touched;
        (void)sink;
        file.verify_data_checksum();
        validate_vgg19_weights(file);
    } catch (const WeightsError&) {
    }
    return 0;
}
