#pragma once
// Output file names from a template such as "{content}_{style}_{preset}.{ext}".
// Fields: {content} (the photo's file name without extension), {style},
// {preset}, {index} (the job's number, zero-padded to the batch's width),
// {ext} (the output format's extension). '/' in the template makes subfolders.
// Field values are made safe for file names (no separators, no control
// characters, none of <>:"\|?*); the result never leaves the output folder.

#include <filesystem>
#include <string>
#include <vector>

namespace shuimo::batch {

struct NameFields {
    std::string content;
    std::string style;
    std::string preset;
    int index = 1;
    int index_width = 1;
    std::string ext;
};

// Throws QueueError naming the template and the problem: unknown field,
// unbalanced brace, empty, absolute, "..", a name that would be empty.
void check_name_template(const std::string& name_template);
std::filesystem::path render_name(const std::string& name_template, const NameFields& fields);

// A field value as a file-name part: unsafe characters become '_', leading and
// trailing dots and spaces go, empty becomes "_".
std::string safe_name_part(const std::string& text);

// Makes names unique, in order, ignoring case (file systems that do): the
// second "a.png" becomes "a-2.png", the third "a-3.png", skipping any taken.
void make_unique(std::vector<std::filesystem::path>& names);

}  // namespace shuimo::batch
