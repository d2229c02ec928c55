#include "shuimo/batch/name_template.h"

#include <QString>
#include <set>

#include "shuimo/batch/batch_queue.h"

namespace shuimo::batch {
namespace {

const std::set<std::string> kFields{"content", "style", "preset", "index", "ext"};

[[noreturn]] void bad_template(const std::string& name_template, const std::string& why) {
    throw QueueError("name template \"" + name_template + "\": " + why +
                     " (fields: {content} {style} {preset} {index} {ext}; '/' makes subfolders)");
}

std::string field_value(const std::string& field, const NameFields& f) {
    if (field == "content") return safe_name_part(f.content);
    if (field == "style") return safe_name_part(f.style);
    if (field == "preset") return safe_name_part(f.preset);
    if (field == "ext") return safe_name_part(f.ext);
    std::string number = std::to_string(f.index);
    if (static_cast<int>(number.size()) < f.index_width) number.insert(0, static_cast<std::size_t>(f.index_width) - number.size(), '0');
    return number;
}

std::string lower(const std::string& text) { return QString::fromStdString(text).toLower().toStdString(); }

}  // namespace

std::string safe_name_part(const std::string& text) {
    std::string out;
    for (const char c : text) {
        const auto u = static_cast<unsigned char>(c);
        const bool unsafe = u < 0x20 || u == 0x7f || c == '/' || c == '\\' || c == ':' || c == '*' || c == '?' ||
                            c == '"' || c == '<' || c == '>' || c == '|';
        out += unsafe ? '_' : c;
    }
    const auto first = out.find_first_not_of(". ");
    if (first == std::string::npos) return "_";
    const auto last = out.find_last_not_of(". ");
    return out.substr(first, last - first + 1);
}

void check_name_template(const std::string& name_template) {
    if (name_template.empty()) bad_template(name_template, "is empty");
    if (name_template.front() == '/' || name_template.front() == '\\') bad_template(name_template, "must be relative to the output folder");
    for (std::size_t i = 0; i < name_template.size(); ++i) {
        const char c = name_template[i];
        if (c == '}') bad_template(name_template, "has a '}' without '{'");
        if (c == '\\') bad_template(name_template, "has a backslash; use '/' for subfolders");
        if (c != '{') continue;
        const auto close = name_template.find('}', i);
        if (close == std::string::npos) bad_template(name_template, "has a '{' without '}'");
        const std::string field = name_template.substr(i + 1, close - i - 1);
        if (!kFields.contains(field)) bad_template(name_template, "unknown field {" + field + "}");
        i = close;
    }
    // Literal parts: no "..", no empty or dot-only folder names.
    std::string part;
    const std::string probe = name_template + "/";
    for (const char c : probe) {
        if (c != '/') {
            part += c;
            continue;
        }
        if (part.empty() || part == "." || part == "..") bad_template(name_template, "has an empty, '.' or '..' folder");
        part.clear();
    }
}

std::filesystem::path render_name(const std::string& name_template, const NameFields& fields) {
    check_name_template(name_template);
    std::string out;
    for (std::size_t i = 0; i < name_template.size(); ++i) {
        if (name_template[i] != '{') {
            out += name_template[i];
            continue;
        }
        const auto close = name_template.find('}', i);
        out += field_value(name_template.substr(i + 1, close - i - 1), fields);
        i = close;
    }
    // Field values cannot add separators, so only literal folders appear; still make each part safe.
    std::filesystem::path path;
    std::string part;
    for (const char c : out + "/") {
        if (c != '/') {
            part += c;
            continue;
        }
        path /= safe_name_part(part);
        part.clear();
    }
    const std::string want = "." + lower(fields.ext);
    if (lower(path.extension().string()) != want && !(want == ".jpg" && lower(path.extension().string()) == ".jpeg") &&
        !(want == ".tif" && lower(path.extension().string()) == ".tiff")) {
        path += want;
    }
    return path;
}

void make_unique(std::vector<std::filesystem::path>& names) {
    std::set<std::string> taken;
    for (const auto& name : names) taken.insert(lower(name.generic_string()));
    std::set<std::string> seen;
    for (auto& name : names) {
        const std::string key = lower(name.generic_string());
        if (!seen.contains(key)) {
            seen.insert(key);
            continue;
        }
        const std::filesystem::path stem = name.parent_path() / name.stem();
        const std::string ext = name.extension().string();
        for (int n = 2;; ++n) {
            std::filesystem::path candidate = stem;
            candidate += "-" + std::to_string(n) + ext;
            const std::string candidate_key = lower(candidate.generic_string());
            if (!taken.contains(candidate_key)) {
                taken.insert(candidate_key);
                seen.insert(candidate_key);
                name = candidate;
                break;
            }
        }
    }
}

}  // namespace shuimo::batch
