#pragma once
// Small helpers shared by the CLI, batch and the GUI, in plain C++ so each is
// written once, in the lowest layer that all of them link (the engine core).

#include <cstdint>
#include <filesystem>
#include <string>
#include <string_view>

namespace shuimo::engine {

// A device setting: "auto", "cpu", "cuda" (= cuda:0) or "cuda:N" with N written in
// 1 to 3 digits and nothing else ("cuda: 1", "cuda:+1", "cuda:1x" are refused).
struct DeviceSpec {
    enum class Kind { Auto, Cpu, Cuda };
    Kind kind = Kind::Auto;
    int index = 0;  // Cuda only
    bool operator==(const DeviceSpec&) const = default;
};
// Throws DeviceError naming the text and the accepted forms.
DeviceSpec parse_device(std::string_view text);

// True when a and b name one file: the same inode when both exist (links, "./", ".."),
// else the same normalised absolute path (a file about to be written).
bool same_file(const std::filesystem::path& a, const std::filesystem::path& b);

// Lowers the calling thread's scheduling priority (Linux: nice +4, at most 19) so that
// a worker leaves the interface the CPU; threads it starts inherit it. Elsewhere: nothing.
void lower_current_thread_priority();

// CPU threads for the engine's work: OMP_NUM_THREADS when set to a number (its first, as in
// "4,2"; a cluster script sets it to the CPUs it was given), else the CPUs this process may run
// on (its affinity: what taskset, cgroups' cpusets and Slurm allow), else all cores. At least 1.
int cpu_threads_to_use();

// "350 MiB": bytes rounded to whole mebibytes (memory plans and budgets).
std::string format_mebibytes(std::uint64_t bytes);
// "45 s" (at least 1), "3 min 5 s" (under two hours), "2 h 10 min".
std::string format_duration(double seconds);

}  // namespace shuimo::engine
