#include "host_allocator.h"

#include <c10/core/CPUAllocator.h>

#include <sys/mman.h>

#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <limits>
#include <mutex>
#include <string_view>
#include <unordered_map>

#if defined(__GLIBC__)
#include <malloc.h>
#endif

namespace shuimo::engine {
namespace {

constexpr std::size_t kHugePage = std::size_t{2} << 20;

// Maps `length` bytes (a multiple of huge pages) at a 2 MiB boundary; nullptr when the system refuses.
void* map_huge(std::size_t length) {
    void* raw = mmap(nullptr, length + kHugePage, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (raw == MAP_FAILED) return nullptr;
    // Trim the mapping to the aligned part.
    const auto start = reinterpret_cast<std::uintptr_t>(raw);
    const std::uintptr_t aligned = (start + kHugePage - 1) & ~(kHugePage - 1);
    if (aligned > start) munmap(raw, aligned - start);
    const std::uintptr_t end = start + length + kHugePage;
    if (end > aligned + length) munmap(reinterpret_cast<void*>(aligned + length), end - (aligned + length));
#if defined(MADV_HUGEPAGE)
    madvise(reinterpret_cast<void*>(aligned), length, MADV_HUGEPAGE);  // advice only: no THP, no harm
#endif
    return reinterpret_cast<void*>(aligned);
}

// torch also frees blocks by pointer alone (raw_deallocate), so one deleter serves both kinds and
// the mapped blocks are found by address.
class HostAllocator final : public c10::Allocator {
public:
    static HostAllocator& instance() {
        static HostAllocator allocator(c10::GetDefaultCPUAllocator());
        return allocator;
    }

    // LibTorch 2.3 made Allocator::allocate non-const (1.13 has it const) and 2.x added copy_data: both
    // spellings are here, without `override`, so that whichever the headers declare is the one overridden.
    c10::DataPtr allocate(std::size_t bytes) const { return allocate_block(bytes); }
    c10::DataPtr allocate(std::size_t bytes) { return allocate_block(bytes); }
    void copy_data(void* dest, const void* src, std::size_t count) const { std::memcpy(dest, src, count); }

    c10::DeleterFnPtr raw_deleter() const override { return &release; }

private:
    explicit HostAllocator(c10::Allocator* small) : small_(small), small_deleter_(small->raw_deleter()) {}

    c10::DataPtr allocate_block(std::size_t bytes) const {
        const c10::Device cpu(c10::DeviceType::CPU);
        if (bytes >= kHugePage) {
            const std::size_t length = (bytes + kHugePage - 1) / kHugePage * kHugePage;
            if (void* block = map_huge(length)) {
                const std::lock_guard lock(mutex_);
                mapped_.emplace(block, length);
                return {block, block, &release, cpu};
            }
        }
        // Small blocks, or a refused mapping: the default allocator (and its error when it fails too).
        c10::DataPtr small = small_->allocate(bytes);
        void* data = small.get();
        if (data == nullptr) return small;
        (void)small.release_context();
        return {data, data, &release, cpu};
    }

    static void release(void* block) {
        HostAllocator& self = instance();
        std::size_t length = 0;
        {
            const std::lock_guard lock(self.mutex_);
            const auto found = self.mapped_.find(block);
            if (found != self.mapped_.end()) {
                length = found->second;
                self.mapped_.erase(found);
            }
        }
        if (length > 0) {
            munmap(block, length);
        } else {
            self.small_deleter_(block);
        }
    }

    c10::Allocator* small_;
    c10::DeleterFnPtr small_deleter_;
    mutable std::mutex mutex_;
    mutable std::unordered_map<void*, std::size_t> mapped_;
};

}  // namespace

void install_host_allocator() {
    static std::once_flag once;
    std::call_once(once, [] {
        // SHUIMO_HOST_ALLOCATOR=default keeps torch's allocator and glibc's own settings (to compare,
        // or should a system's kernel or C library misbehave with the mappings).
        const char* choice = std::getenv("SHUIMO_HOST_ALLOCATOR");
        if (choice != nullptr && std::string_view(choice) == "default") return;
#if defined(__GLIBC__)
        // Small blocks: the heap keeps what is freed (never trimmed between evaluations), and
        // nothing under 2 MiB gets a mapping of its own (the threshold would otherwise adapt).
        mallopt(M_MMAP_THRESHOLD, static_cast<int>(kHugePage));
        mallopt(M_TRIM_THRESHOLD, std::numeric_limits<int>::max());
#endif
#if !defined(__SANITIZE_ADDRESS__)
        // The default allocator frees by pointer alone (its raw deleter); without one, keep it. Under
        // AddressSanitizer every block stays the default's, so that the sanitizer sees all of them.
        if (c10::GetDefaultCPUAllocator()->raw_deleter() == nullptr) return;
        c10::SetCPUAllocator(&HostAllocator::instance(), /*priority=*/1);
#endif
    });
}

void release_host_memory() {
#if defined(__GLIBC__)
    malloc_trim(0);
#endif
}

}  // namespace shuimo::engine
