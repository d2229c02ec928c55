#include "shuimo/session/session_file.h"

#include <QFile>
#include <algorithm>
#include <QtEndian>
#include <cstring>
#include <limits>
#include <string_view>

#include "shuimo/engine/atomic_file.h"
#include "shuimo/engine/crc32.h"
#include "shuimo/engine/errors.h"
#include "shuimo/engine/json.h"
#include "shuimo/engine/param_table.h"
#include "shuimo/image_io/image_io.h"

namespace shuimo::session {
namespace {

namespace json = engine::json;
using Kind = SessionFileError::Kind;

constexpr std::string_view kMagic = "SHUIMO-SESSION\n";
constexpr std::string_view kFormatName = "shuimo-session";
constexpr std::size_t kLengthBytes = 8;
constexpr long long kMaxHeaderBytes = 256LL << 20;  // far beyond any real session's header
constexpr int kCompressionLevel = 3;                // fast; 16-bit pictures gain little from more

std::string english(Kind kind, const QString& path, const QString& detail, int version) {
    const std::string file = path.toStdString();
    switch (kind) {
    case Kind::CannotRead: return "cannot read the session " + file + ": " + detail.toStdString();
    case Kind::CannotWrite: return "cannot write the session " + file + ": " + detail.toStdString();
    case Kind::NotASession: return file + " is not a Shuimo session file";
    case Kind::Truncated: return "the session " + file + " is cut short: " + detail.toStdString();
    case Kind::NewerVersion:
        return "the session " + file + " was saved by a newer Shuimo (session format " + std::to_string(version) +
               "; this version reads format " + std::to_string(kSessionFormatVersion) + "): update Shuimo to open it";
    case Kind::UnknownVersion: return "the session " + file + " has an unknown format version " + std::to_string(version);
    case Kind::Malformed: return "the session " + file + " is damaged: " + detail.toStdString();
    case Kind::Damaged: return "the session " + file + " changed on disk since it was saved (its checksum does not match)";
    }
    return file;
}

// --- writing -------------------------------------------------------------------

json::Value object(std::vector<json::Member> members) {
    json::Value value = json::Value::of_object();
    value.object = std::move(members);
    return value;
}

// The same with a clip's frame (0-based) when it is not the first: files without "frame" read as 0,
// so a session of photos stays readable by earlier versions.
json::Value object(std::vector<json::Member> members, int frame) {
    if (frame > 0) members.push_back({"frame", json::Value::of_integer(frame)});
    return object(std::move(members));
}

json::Value text(const QString& s) {
    return json::Value::of_string(s.toStdString());
}

struct DataWriter {
    QByteArray data;

    json::Value picture(const Picture& picture) {
        if (picture.empty()) return {};  // null
        QByteArray raw(static_cast<qsizetype>(picture.samples.size() * 2), Qt::Uninitialized);
        for (std::size_t i = 0; i < picture.samples.size(); ++i) {
            qToLittleEndian<quint16>(picture.samples[i], raw.data() + 2 * i);
        }
        const QByteArray packed = qCompress(raw, kCompressionLevel);
        const long long offset = data.size();
        data += packed;
        return object({{"width", json::Value::of_integer(picture.width)},
                       {"height", json::Value::of_integer(picture.height)},
                       {"channels", json::Value::of_integer(picture.channels)},
                       {"offset", json::Value::of_integer(offset)},
                       {"bytes", json::Value::of_integer(packed.size())}});
    }
};

json::Value styles_json(const std::vector<StyleRef>& refs) {
    std::vector<json::Value> styles;
    for (const StyleRef& style : refs) {
        styles.push_back(object({{"path", text(style.path)}, {"blend", json::Value::of_number(style.blend)}}));
    }
    return json::Value::of_array(std::move(styles));
}

json::Value regions_json(const std::vector<Region>& regions, DataWriter& data) {
    std::vector<json::Value> list;
    for (const Region& region : regions) {
        list.push_back(object({{"name", text(region.name)},
                               {"kind", json::Value::of_string(std::string(engine::to_string(region.kind)))},
                               {"style", text(region.style)},
                               {"strength", json::Value::of_number(region.strength)},
                               {"colour", json::Value::of_integer(region.colour)},
                               {"mask", data.picture(region.mask)}}));
    }
    return json::Value::of_array(std::move(list));
}

json::Value painting_json(const Painting& painting, DataWriter& data) {
    return object({{"name", text(painting.name)},
                   {"number", json::Value::of_integer(painting.number)},
                   {"revision", json::Value::of_integer(painting.revision)},
                   {"starred", json::Value::of_bool(painting.starred)},
                   {"note", text(painting.note)},
                   {"created", text(painting.created.toUTC().toString(Qt::ISODateWithMs))},
                   {"ended", json::Value::of_string(painting.end == PaintingEnd::Finished ? "finished" : "cancelled")},
                   {"refinished", json::Value::of_bool(painting.refinished)},
                   {"styles", styles_json(painting.styles)},
                   {"params", engine::params_to_json_value(painting.params)},
                   {"iterations_run", json::Value::of_integer(painting.iterations_run)},
                   {"seconds", json::Value::of_number(painting.seconds)},
                   {"device", text(painting.device)},
                   {"precision", text(painting.precision)},
                   {"exported_to", text(painting.exported_to)},
                   {"image", data.picture(painting.image)},
                   {"raw", data.picture(painting.raw)},
                   {"regions", regions_json(painting.regions, data)}},
                  painting.frame);
}

// --- reading -------------------------------------------------------------------

class Reader {
public:
    Reader(const QString& path, const QByteArray& data, int version) : m_path(path), m_data(data), m_version(version) {}

    [[noreturn]] void malformed(const std::string& what) const {
        throw SessionFileError(Kind::Malformed, m_path, QString::fromStdString(what));
    }

    Session session(const json::Value& header) {
        json::ObjectReader top(header, "header");
        Session session;
        const json::Value& list = *top.typed("photos", json::Value::Kind::Array, "a list", true);
        for (std::size_t i = 0; i < list.array.size(); ++i) session.photos.push_back(photo(list.array[i], i));
        session.current_photo = static_cast<int>(top.integer("current_photo", -2, -1, static_cast<long long>(session.photos.size()) - 1));
        if (session.current_photo == -2) top.fail("missing current_photo");
        if (m_version >= 2) {  // what the next run uses (format 1 files: the defaults, no styles)
            session.styles = styles(*top.typed("styles", json::Value::Kind::Array, "a list", true), "header, styles");
            const json::Value& params = *top.typed("params", json::Value::Kind::Object, "an object", true);
            session.params = engine::params_from_json_value(params, {}, true, "header, params");
        }
        top.get("format");
        top.get("format_version");
        top.get("data_bytes");
        top.get("data_crc32");
        top.finish();
        for (std::size_t i = 0; i < session.photos.size(); ++i) {
            for (std::size_t j = 0; j < i; ++j) {
                if (session.photos[i].path == session.photos[j].path) malformed("photo " + std::to_string(i + 1) + " appears twice");
            }
        }
        return session;
    }

    // Every picture must lie in the data, one after the other: nothing shared, nothing left over.
    void check_all_data_used() const {
        if (m_used != m_data.size()) malformed("the data section holds " + std::to_string(m_data.size() - m_used) + " bytes no picture names");
    }

private:
    Photo photo(const json::Value& value, std::size_t index) {
        json::ObjectReader reader(value, "photo " + std::to_string(index + 1));
        Photo photo;
        photo.path = QString::fromStdString(reader.text("path", {}, true, true));
        const json::Value& list = *reader.typed("paintings", json::Value::Kind::Array, "a list", true);
        for (std::size_t i = 0; i < list.array.size(); ++i) {
            photo.paintings.push_back(painting(list.array[i], reader.where() + ", painting " + std::to_string(i + 1)));
        }
        photo.current = static_cast<int>(reader.integer("current", -2, -1, static_cast<long long>(photo.paintings.size()) - 1));
        if (photo.current == -2) reader.fail("missing current");
        if (photo.current == -1 && !photo.paintings.empty()) reader.fail("current is -1 but it has paintings");
        photo.made = static_cast<int>(reader.integer("made", -1, 0, std::numeric_limits<int>::max()));
        if (m_version >= 3) photo.regions = regions(reader, reader.where());
        photo.frame = static_cast<int>(reader.integer("frame", 0, 0, std::numeric_limits<int>::max()));  // a clip's
        // Runs made: every painting but the re-finished ones (format 2 numbers those apart).
        const auto runs = std::count_if(photo.paintings.begin(), photo.paintings.end(), [](const Painting& p) { return p.revision == 0; });
        if (photo.made < static_cast<int>(runs)) reader.fail("made is missing or less than its paintings");
        reader.finish();
        return photo;
    }

    Painting painting(const json::Value& value, const std::string& where) {
        json::ObjectReader reader(value, where);
        Painting painting;
        painting.name = QString::fromStdString(reader.text("name", {}, true));
        if (m_version >= 2) {
            painting.number = static_cast<int>(reader.integer("number", -1, 0, std::numeric_limits<int>::max()));
            painting.revision = static_cast<int>(reader.integer("revision", -1, 0, std::numeric_limits<int>::max()));
            if (painting.number < 0 || painting.revision < 0) reader.fail("missing number or revision");
            painting.starred = reader.boolean("starred", false, true);
            painting.note = QString::fromStdString(reader.text("note", {}, true));
        }
        const std::string created = reader.text("created", {}, true, true);
        painting.created = QDateTime::fromString(QString::fromStdString(created), Qt::ISODateWithMs);
        if (!painting.created.isValid()) reader.fail("created is \"" + created + "\"; expected a date and time (ISO 8601)");
        painting.created = painting.created.toUTC();
        const std::string ended = reader.text("ended", {}, true);
        if (ended == "finished") painting.end = PaintingEnd::Finished;
        else if (ended == "cancelled") painting.end = PaintingEnd::Cancelled;
        else reader.fail("ended is \"" + ended + "\"; expected finished or cancelled");
        painting.refinished = reader.boolean("refinished", false, true);
        painting.styles = styles(*reader.typed("styles", json::Value::Kind::Array, "a list", true), where);
        const json::Value& params = *reader.typed("params", json::Value::Kind::Object, "an object", true);
        painting.params = engine::params_from_json_value(params, {}, true, where + ", params");
        painting.iterations_run = static_cast<int>(reader.integer("iterations_run", -1, 0, std::numeric_limits<int>::max()));
        if (painting.iterations_run < 0) reader.fail("missing iterations_run");
        painting.seconds = reader.number("seconds", 0, 0, 1e12, true);
        painting.device = QString::fromStdString(reader.text("device", {}, true));
        painting.precision = QString::fromStdString(reader.text("precision", {}, true));
        painting.exported_to = QString::fromStdString(reader.text("exported_to", {}, true));
        painting.image = picture(reader.required("image"), where + ", image");
        if (painting.image.empty()) reader.fail("image is null; a painting has pixels");
        painting.raw = picture(reader.required("raw"), where + ", raw");
        if (!painting.raw.empty() && (painting.raw.width != painting.image.width || painting.raw.height != painting.image.height)) {
            reader.fail("raw is " + std::to_string(painting.raw.width) + "x" + std::to_string(painting.raw.height) +
                        " but image is " + std::to_string(painting.image.width) + "x" + std::to_string(painting.image.height));
        }
        if (m_version >= 3) painting.regions = regions(reader, where);
        painting.frame = static_cast<int>(reader.integer("frame", 0, 0, std::numeric_limits<int>::max()));  // a clip's
        reader.finish();
        return painting;
    }

    std::vector<Region> regions(json::ObjectReader& owner, const std::string& where) {
        const json::Value& list = *owner.typed("regions", json::Value::Kind::Array, "a list", true);
        std::vector<Region> out;
        for (std::size_t i = 0; i < list.array.size(); ++i) {
            const std::string at = where + ", region " + std::to_string(i + 1);
            json::ObjectReader reader(list.array[i], at);
            Region region;
            region.name = QString::fromStdString(reader.text("name", {}, true));
            const std::string kind = reader.text("kind", {}, true, true);
            if (kind == "style") region.kind = engine::RegionKind::Style;
            else if (kind == "photo") region.kind = engine::RegionKind::Photo;
            else if (kind == "paper") region.kind = engine::RegionKind::Paper;
            else reader.fail("kind is \"" + kind + "\"; expected style, photo or paper");
            region.style = QString::fromStdString(reader.text("style", {}, true));
            region.strength = reader.number("strength", 0, 0, 1e9, true);
            const long long colour = reader.integer("colour", -1, 0, 0xFFFFFF);
            if (colour < 0) reader.fail("missing colour");
            region.colour = static_cast<std::uint32_t>(colour);
            region.mask = picture(reader.required("mask"), at + ", mask");
            if (region.mask.empty() || region.mask.channels != 1) reader.fail("mask must be a one-channel picture");
            reader.finish();
            out.push_back(std::move(region));
        }
        return out;
    }

    std::vector<StyleRef> styles(const json::Value& list, const std::string& where) {
        std::vector<StyleRef> refs;
        for (std::size_t i = 0; i < list.array.size(); ++i) {
            json::ObjectReader style(list.array[i], where + ", style " + std::to_string(i + 1));
            StyleRef ref;
            ref.path = QString::fromStdString(style.text("path", {}, true, true));
            ref.blend = style.number("blend", 0, 0, 1e9, true);
            style.finish();
            refs.push_back(ref);
        }
        return refs;
    }

    Picture picture(const json::Value& value, const std::string& where) {
        if (value.kind == json::Value::Kind::Null) return {};
        json::ObjectReader reader(value, where);
        Picture picture;
        const long long max_side = 1 << 20;
        picture.width = static_cast<int>(reader.integer("width", 0, 1, max_side));
        picture.height = static_cast<int>(reader.integer("height", 0, 1, max_side));
        picture.channels = static_cast<int>(reader.integer("channels", 0, 1, 4));
        const long long offset = reader.integer("offset", -1, 0, std::numeric_limits<long long>::max() / 2);
        const long long bytes = reader.integer("bytes", -1, 4, std::numeric_limits<long long>::max() / 2);
        if (picture.width == 0 || picture.height == 0 || picture.channels == 0 || offset < 0 || bytes < 0) {
            reader.fail("needs width, height, channels, offset and bytes");
        }
        reader.finish();
        const std::uint64_t samples = static_cast<std::uint64_t>(picture.width) * picture.height * picture.channels;
        if (static_cast<std::uint64_t>(picture.width) * picture.height > image_io::max_image_pixels()) {
            reader.fail("declares " + std::to_string(picture.width) + "x" + std::to_string(picture.height) + ", more pixels than allowed");
        }
        if (offset != m_used) reader.fail("starts at byte " + std::to_string(offset) + " of the data; expected " + std::to_string(m_used));
        if (offset + bytes > m_data.size()) {
            throw SessionFileError(Kind::Truncated, m_path,
                                   QString::fromStdString(where + " needs bytes up to " + std::to_string(offset + bytes) +
                                                          " of the data, which has " + std::to_string(m_data.size())));
        }
        m_used = offset + bytes;
        const QByteArrayView packed(m_data.constData() + offset, bytes);
        const quint32 declared = qFromBigEndian<quint32>(packed.data());  // qCompress's size prefix
        if (declared != samples * 2) {
            reader.fail("decompresses to " + std::to_string(declared) + " bytes; " + std::to_string(picture.width) + "x" +
                        std::to_string(picture.height) + "x" + std::to_string(picture.channels) + " needs " + std::to_string(samples * 2));
        }
        // zlib cannot expand more than ~1032:1: a larger claim is a file made to exhaust memory.
        if (declared > static_cast<std::uint64_t>(bytes) * 1032 + 64) reader.fail("claims more pixels than its bytes can hold");
        const QByteArray raw = qUncompress(packed.toByteArray());
        if (static_cast<std::uint64_t>(raw.size()) != samples * 2) reader.fail("its pixels do not decompress");
        picture.samples.resize(samples);
        for (std::size_t i = 0; i < samples; ++i) picture.samples[i] = qFromLittleEndian<quint16>(raw.constData() + 2 * i);
        return picture;
    }

    QString m_path;
    const QByteArray& m_data;
    int m_version;
    long long m_used = 0;
};

}  // namespace

SessionFileError::SessionFileError(Kind kind, QString path, QString detail, int version)
    : std::runtime_error(english(kind, path, detail, version)),
      m_kind(kind),
      m_path(std::move(path)),
      m_detail(std::move(detail)),
      m_version(version) {}

QByteArray encode_session(const Session& session) {
    DataWriter data;
    std::vector<json::Value> photos;
    for (const Photo& photo : session.photos) {
        std::vector<json::Value> paintings;
        for (const Painting& painting : photo.paintings) paintings.push_back(painting_json(painting, data));
        photos.push_back(object({{"path", text(photo.path)},
                                 {"current", json::Value::of_integer(photo.current)},
                                 {"made", json::Value::of_integer(photo.made)},
                                 {"paintings", json::Value::of_array(std::move(paintings))},
                                 {"regions", regions_json(photo.regions, data)}},
                                photo.frame));
    }
    const std::uint32_t crc = engine::crc32(std::as_bytes(std::span(data.data.constData(), static_cast<std::size_t>(data.data.size()))));
    const json::Value header = object({{"format", json::Value::of_string(std::string(kFormatName))},
                                       {"format_version", json::Value::of_integer(kSessionFormatVersion)},
                                       {"data_bytes", json::Value::of_integer(data.data.size())},
                                       {"data_crc32", json::Value::of_string(QString::number(crc, 16).rightJustified(8, QLatin1Char('0')).toStdString())},
                                       {"current_photo", json::Value::of_integer(session.current_photo)},
                                       {"styles", styles_json(session.styles)},
                                       {"params", engine::params_to_json_value(session.params)},
                                       {"photos", json::Value::of_array(std::move(photos))}});
    const std::string header_text = json::write(header);
    QByteArray out;
    out.reserve(static_cast<qsizetype>(kMagic.size() + kLengthBytes + header_text.size()) + data.data.size());
    out.append(kMagic.data(), static_cast<qsizetype>(kMagic.size()));
    char length[kLengthBytes];
    qToLittleEndian<quint64>(header_text.size(), length);
    out.append(length, kLengthBytes);
    out.append(header_text.data(), static_cast<qsizetype>(header_text.size()));
    out.append(data.data);
    return out;
}

Session decode_session(const QByteArray& bytes, const QString& path, int* format_version) {
    if (bytes.size() < static_cast<qsizetype>(kMagic.size()) ||
        std::string_view(bytes.constData(), kMagic.size()) != kMagic) {
        // A prefix of the magic is a file cut short, anything else another kind of file.
        if (!bytes.isEmpty() && kMagic.starts_with(std::string_view(bytes.constData(), static_cast<std::size_t>(bytes.size())))) {
            throw SessionFileError(Kind::Truncated, path, QStringLiteral("it ends inside its first line"));
        }
        if (bytes.isEmpty()) throw SessionFileError(Kind::Truncated, path, QStringLiteral("the file is empty"));
        throw SessionFileError(Kind::NotASession, path);
    }
    qsizetype at = static_cast<qsizetype>(kMagic.size());
    if (bytes.size() < at + static_cast<qsizetype>(kLengthBytes)) {
        throw SessionFileError(Kind::Truncated, path, QStringLiteral("it ends before its header's length"));
    }
    const quint64 header_length = qFromLittleEndian<quint64>(bytes.constData() + at);
    at += kLengthBytes;
    if (header_length > static_cast<quint64>(kMaxHeaderBytes)) {
        throw SessionFileError(Kind::Malformed, path, QStringLiteral("its header declares %1 bytes").arg(header_length));
    }
    if (static_cast<quint64>(bytes.size() - at) < header_length) {
        throw SessionFileError(Kind::Truncated, path,
                               QStringLiteral("its header needs %1 bytes, %2 are left").arg(header_length).arg(bytes.size() - at));
    }
    json::Value header;
    try {
        header = json::parse(std::string_view(bytes.constData() + at, static_cast<std::size_t>(header_length)));
    } catch (const std::exception& error) {
        throw SessionFileError(Kind::Malformed, path, QStringLiteral("its header is not JSON: %1").arg(QString::fromStdString(error.what())));
    }
    at += static_cast<qsizetype>(header_length);
    if (header.kind != json::Value::Kind::Object) throw SessionFileError(Kind::Malformed, path, QStringLiteral("its header is not a JSON object"));

    // The version first: a newer file may have fields this version does not know.
    const json::Value* format = header.member("format");
    if (!format || format->kind != json::Value::Kind::String || format->string != kFormatName) {
        throw SessionFileError(Kind::Malformed, path, QStringLiteral("its header does not say format \"shuimo-session\""));
    }
    const json::Value* version = header.member("format_version");
    if (!version || version->kind != json::Value::Kind::Number || !version->is_integer || version->negative) {
        throw SessionFileError(Kind::Malformed, path, QStringLiteral("format_version is missing or not a whole number"));
    }
    if (version->integer > static_cast<std::uint64_t>(kSessionFormatVersion)) {
        const int shown = version->integer > 1000000 ? 1000000 : static_cast<int>(version->integer);
        throw SessionFileError(Kind::NewerVersion, path, {}, shown);
    }
    if (version->integer < static_cast<std::uint64_t>(kOldestSessionFormatVersion)) {
        throw SessionFileError(Kind::UnknownVersion, path, {}, static_cast<int>(version->integer));
    }

    const QByteArray data = bytes.mid(at);
    try {
        json::ObjectReader top(header, "header");
        const long long data_bytes = top.integer("data_bytes", -1, 0, std::numeric_limits<long long>::max() / 2);
        const std::string crc_text = top.text("data_crc32", {}, true, true);
        if (data_bytes < 0) top.fail("missing data_bytes");
        if (data.size() < data_bytes) {
            throw SessionFileError(Kind::Truncated, path, QStringLiteral("its data needs %1 bytes, %2 are left").arg(data_bytes).arg(data.size()));
        }
        if (data.size() > data_bytes) top.fail("the file goes on " + std::to_string(data.size() - data_bytes) + " bytes past its data");
        bool ok = false;
        const uint crc = QString::fromStdString(crc_text).toUInt(&ok, 16);
        if (!ok || crc_text.size() != 8) top.fail("data_crc32 is \"" + crc_text + "\"; expected 8 hexadecimal digits");
        if (engine::crc32(std::as_bytes(std::span(data.constData(), static_cast<std::size_t>(data.size())))) != crc) {
            throw SessionFileError(Kind::Damaged, path);
        }
        Reader reader(path, data, static_cast<int>(version->integer));
        if (format_version) *format_version = static_cast<int>(version->integer);
        Session session = reader.session(header);
        reader.check_all_data_used();
        return session;
    } catch (const engine::ConfigError& error) {
        throw SessionFileError(Kind::Malformed, path, QString::fromStdString(error.what()));
    }
}

void save_session(const QString& path, const Session& session) {
    const QByteArray bytes = encode_session(session);
    try {
        engine::write_file_atomically(std::filesystem::path(path.toStdU32String()),
                                      std::as_bytes(std::span(bytes.constData(), static_cast<std::size_t>(bytes.size()))));
    } catch (const std::exception& error) {
        throw SessionFileError(Kind::CannotWrite, path, QString::fromStdString(error.what()));
    }
}

Session load_session(const QString& path, int* version) {
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly)) throw SessionFileError(Kind::CannotRead, path, file.errorString());
    const QByteArray bytes = file.readAll();
    if (file.error() != QFileDevice::NoError) throw SessionFileError(Kind::CannotRead, path, file.errorString());
    return decode_session(bytes, path, version);
}

}  // namespace shuimo::session
