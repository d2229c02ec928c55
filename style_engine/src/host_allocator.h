#pragma once
// The engine's CPU memory (tensors on the host). Internal to the engine.
//
// An optimisation step frees and reallocates the same feature maps at every
// evaluation. With glibc's defaults each large block is a fresh mapping whose
// 4 KiB pages fault in one by one, and the heap's top is trimmed and refaulted:
// a sixth of an untiled CPU run's time and two fifths of a tiled one's went to the
// kernel (docs/BENCHMARKS.md "Host memory between evaluations"). Here:
// - blocks of 2 MiB and more are mapped on their own, aligned to 2 MiB and
//   marked for transparent huge pages (where the kernel offers them), and are
//   unmapped when freed: a tiled level's peak stays its largest tile's;
// - smaller blocks come from glibc's heap, which keeps its free memory between
//   evaluations; release_host_memory() hands it back between tiles and jobs.
// SHUIMO_HOST_ALLOCATOR=default in the environment leaves both as they were.

namespace shuimo::engine {

// Once per process, before the first tensor: installs the allocator above as
// torch's CPU allocator and sets glibc's heap to keep freed memory.
void install_host_allocator();

// Hands the heap's free memory back to the kernel (glibc's malloc_trim).
void release_host_memory();

}  // namespace shuimo::engine
