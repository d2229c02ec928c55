// The model catalogue (built in, or $SHUIMO_CATALOGUE / --catalogue FILE).
#include <QByteArray>
#include <QString>

#include <cstddef>
#include <cstdint>

#include "shuimo/model_store/catalogue.h"
#include "shuimo/model_store/errors.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    using namespace shuimo::models;
    try {
        const Catalogue catalogue = parse_catalogue(
            QByteArray::fromRawData(reinterpret_cast<const char*>(data), static_cast<qsizetype>(size)),
            QStringLiteral("fuzz.json"));
        for (const auto& entry : catalogue.models) {
            if (&catalogue.at(entry.id) != &entry) __builtin_trap();
            if (entry.size_bytes && *entry.size_bytes <= 0) __builtin_trap();
            if (entry.approx_size_bytes < 0) __builtin_trap();
            (void)entry.checksum_label();
        }
        (void)catalogue.find(QStringLiteral("vgg19-torchvision"));
    } catch (const CatalogueError&) {
    }
    return 0;
}
