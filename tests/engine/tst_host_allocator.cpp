// The engine's CPU allocator (style_engine/src/host_allocator.h): once the engine is
// up, torch's large host blocks are mappings of their own at 2 MiB boundaries that go
// back to the system when freed; small ones and torch's raw (pointer-only) frees
// still work, and come from the heap, also after a tiled job (which once fixed
// glibc's mmap threshold at 1 MiB for the rest of the process, making every later
// evaluation 3-4x slower). The mappings are read from /proc/self/maps, not from the
// allocator.

#include <QTest>

#include <c10/core/CPUAllocator.h>

#include <cstdint>
#include <cstring>
#include <fstream>
#include <optional>
#include <sstream>
#include <string>
#include <vector>

#include "shared_weights.h"
#include "shuimo/engine/job_plan.h"
#include "shuimo/engine/style_engine.h"
#include "sine_pattern.h"

using namespace shuimo;

namespace {

// Under AddressSanitizer the engine keeps torch's default allocator, so that the sanitizer sees
// every block: there each test checks that instead (a preprocessor switch around the test
// functions would not reach moc, which does not know the compiler's own macros).
#if defined(__SANITIZE_ADDRESS__)
constexpr bool kSanitized = true;
#else
constexpr bool kSanitized = false;
#endif

// Under a sanitizer: the check that the default allocator was kept, and nothing more.
#define CHECK_ONLY_THE_DEFAULT_UNDER_ASAN()                                    \
    if (kSanitized) {                                                          \
        QCOMPARE(c10::GetCPUAllocator(), c10::GetDefaultCPUAllocator());       \
        return;                                                                \
    }

constexpr std::uintptr_t kTwoMiB = std::uintptr_t{2} << 20;

struct Mapping {
    std::uintptr_t start = 0;
    std::uintptr_t end = 0;
    std::string name;  // "[heap]", a file, or empty (anonymous)
};

// The mapping of this process that contains `address`, if any.
std::optional<Mapping> mapping_at(const void* address) {
    const auto a = reinterpret_cast<std::uintptr_t>(address);
    std::ifstream maps("/proc/self/maps");
    std::string line;
    while (std::getline(maps, line)) {
        std::istringstream fields(line);
        std::string range;
        std::string permissions, offset, device, inode, name;
        fields >> range >> permissions >> offset >> device >> inode;
        std::getline(fields >> std::ws, name);
        const auto dash = range.find('-');
        const std::uintptr_t start = std::stoull(range.substr(0, dash), nullptr, 16);
        const std::uintptr_t end = std::stoull(range.substr(dash + 1), nullptr, 16);
        if (a >= start && a < end) return Mapping{start, end, name};
    }
    return std::nullopt;
}

}  // namespace

class TestHostAllocator : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void initTestCase() {
        (void)engine::engine_info();  // the engine's process set-up, as every entry point does
    }


    // A 5 MiB block: its own mapping, starting at the block, 2 MiB aligned, 6 MiB long; written
    // through; gone from the address space once freed.
    void largeBlocksAreAlignedMappingsReturnedWhenFreed() {
        CHECK_ONLY_THE_DEFAULT_UNDER_ASAN()
        c10::DataPtr block = c10::GetCPUAllocator()->allocate(5u << 20);
        void* data = block.get();
        QVERIFY(data != nullptr);
        QCOMPARE(reinterpret_cast<std::uintptr_t>(data) % kTwoMiB, std::uintptr_t{0});
        std::memset(data, 0x5a, 5u << 20);
        const auto mapped = mapping_at(data);
        QVERIFY(mapped.has_value());
        QCOMPARE(mapped->start, reinterpret_cast<std::uintptr_t>(data));
        QCOMPARE(mapped->end - mapped->start, std::uintptr_t{6} << 20);
        block.clear();
        const auto after = mapping_at(data);
        QVERIFY2(!after.has_value() || after->start != reinterpret_cast<std::uintptr_t>(data) ||
                     after->end - after->start != (std::uintptr_t{6} << 20),
                 "the block's mapping is still there after it was freed");
    }

    // torch frees some blocks by pointer alone (Allocator::raw_deallocate): both kinds.
    void rawAllocationsOfBothKindsRoundTrip() {
        CHECK_ONLY_THE_DEFAULT_UNDER_ASAN()
        c10::Allocator* allocator = c10::GetCPUAllocator();
        QVERIFY(allocator->raw_deleter() != nullptr);
        for (const std::size_t bytes : {std::size_t{1000}, std::size_t{3} << 20}) {
            void* data = allocator->raw_allocate(bytes);
            QVERIFY(data != nullptr);
            QCOMPARE(reinterpret_cast<std::uintptr_t>(data) % 64, std::uintptr_t{0});  // torch's alignment
            std::memset(data, 1, bytes);
            allocator->raw_deallocate(data);
        }
    }

    // Blocks under 2 MiB come from the C heap (glibc would map a 1.5 MiB block on its own), and
    // still do after a tiled job. 48 blocks held at once, more than the heap's free chunks can
    // serve, so that the heap has to grow or glibc to map them.
    void smallBlocksComeFromTheHeapAlsoAfterATiledJob() {
        CHECK_ONLY_THE_DEFAULT_UNDER_ASAN()
        auto from_the_heap = [] {
            std::vector<c10::DataPtr> blocks;
            for (int i = 0; i < 48; ++i) blocks.push_back(c10::GetCPUAllocator()->allocate((1536u << 10) + 4096u * i));
            int in_heap = 0;
            for (const auto& block : blocks) {
                const auto mapped = mapping_at(block.get());
                if (mapped.has_value() && mapped->name == "[heap]") ++in_heap;
            }
            return in_heap;
        };
        QCOMPARE(from_the_heap(), 48);
        engine::StyleJob job;
        job.content = testing::sine_pattern(160, 96, 0.0);
        job.styles = {testing::sine_pattern(64, 64, 1.3)};
        job.params.size = 160;
        job.params.scales = 1;
        job.params.iterations = 1;
        job.params.tile_size = 64;
        job.params.tile_overlap = 16;
        job.params.device = "cpu";
        QVERIFY(engine::plan_job(160, 96, job.params).levels.front().tiles.tiled());
        engine::StyleEngine style_engine(testing::sharedWeightsPath().toStdString());
        engine::ProgressSink quiet;
        QVERIFY(!style_engine.run(job, quiet).cancelled);
        QCOMPARE(from_the_heap(), 48);
    }
};

QTEST_GUILESS_MAIN(TestHostAllocator)
#include "tst_host_allocator.moc"
