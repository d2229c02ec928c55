#pragma once
// How much host memory a job may still take: what the kernel says is available,
// capped by the process's memory cgroup (a Slurm job, a container, a systemd
// slice), which MemAvailable does not see. Plain C++; the planner's figure for
// the CPU (job_plan.h: automatic_memory_budget).

#include <cstdint>
#include <optional>
#include <string_view>

namespace shuimo::engine {

// The environment variable that replaces the measured figure ("6G", "800M",
// bytes): for tests, and for a user who wants the app to plan as if the machine
// were smaller. A value that is not a size is ignored (and the figure measured).
inline constexpr const char* kAvailableMemoryVariable = "SHUIMO_AVAILABLE_MEMORY";

// Bytes of host memory available now: min(MemAvailable, the cgroup's limit less
// its usage, reclaimable page cache counted as free), or the variable above.
// 0 when unknown.
std::uint64_t host_available_memory();

// The pieces, for tests. /proc/meminfo's text -> MemAvailable in bytes.
std::optional<std::uint64_t> meminfo_available(std::string_view meminfo);
// A memory cgroup's limit, usage and memory.stat texts (v1: memory.limit_in_bytes,
// memory.usage_in_bytes; v2: memory.max, memory.current) -> what is left under the
// limit, inactive page cache counted as free. nullopt when there is no limit ("max",
// or v1's near-2^63 "unlimited").
std::optional<std::uint64_t> cgroup_available(std::string_view limit, std::string_view usage, std::string_view stat);

}  // namespace shuimo::engine
