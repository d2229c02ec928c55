// The host memory a job plans to (issue 24): MemAvailable, within the process's
// memory cgroup, or the test variable. Checked against texts written here by
// hand and against /proc/meminfo read independently.

#include <QTest>

#include <cstdlib>
#include <fstream>
#include <string>

#include "shuimo/engine/host_memory.h"

using namespace shuimo;

class TestHostMemory : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void meminfoGivesMemAvailableInBytes() {
        const std::string text = "MemTotal:       24576000 kB\nMemFree:         1000000 kB\nMemAvailable:   23624000 kB\nBuffers: 1 kB\n";
        QCOMPARE(engine::meminfo_available(text).value_or(0), std::uint64_t{23624000} * 1024);
        QVERIFY(!engine::meminfo_available("MemTotal: 1 kB\n").has_value());
        // A key that only starts like it is not it.
        QVERIFY(!engine::meminfo_available("MemAvailableX: 5 kB\n").has_value());
    }

    void cgroupLimitLessUsageCountsInactiveCacheAsFree() {
        // v2: 8 GiB limit, 5 GiB charged of which 1 GiB inactive page cache -> 4 GiB left.
        const std::uint64_t gib = 1ull << 30;
        const std::string stat_v2 = "anon 3000\nfile 2000\nactive_file 5\ninactive_file " + std::to_string(gib) + "\n";
        QCOMPARE(engine::cgroup_available(std::to_string(8 * gib) + "\n", std::to_string(5 * gib) + "\n", stat_v2).value_or(0), 4 * gib);
        // v1 spells the hierarchy's total_inactive_file.
        const std::string stat_v1 = "cache 1\ntotal_inactive_file " + std::to_string(2 * gib) + "\n";
        QCOMPARE(engine::cgroup_available(std::to_string(8 * gib), std::to_string(5 * gib), stat_v1).value_or(0), 5 * gib);
        // No limit: v2 "max", v1's 2^63 rounded to a page.
        QVERIFY(!engine::cgroup_available("max\n", "123\n", "").has_value());
        QVERIFY(!engine::cgroup_available("9223372036854771712\n", "1559322624\n", "").has_value());
        // Over the limit (the kernel lets usage touch it): nothing left, not a wrapped huge number.
        QCOMPARE(engine::cgroup_available("1000", "2000", "").value_or(99), std::uint64_t{0});
    }

    void theVariableReplacesTheMeasurement() {
        qputenv(engine::kAvailableMemoryVariable, "6G");
        QCOMPARE(engine::host_available_memory(), 6ull << 30);
        qputenv(engine::kAvailableMemoryVariable, "800M");
        QCOMPARE(engine::host_available_memory(), 800ull << 20);
        qputenv(engine::kAvailableMemoryVariable, "lots");  // not a size: measured instead
        const std::uint64_t measured = engine::host_available_memory();
        qunsetenv(engine::kAvailableMemoryVariable);
        QCOMPARE(measured == 0, engine::host_available_memory() == 0);
    }

    void measuredIsAtMostMemAvailable() {
        qunsetenv(engine::kAvailableMemoryVariable);
        std::ifstream meminfo("/proc/meminfo");
        std::string key, unit;
        std::uint64_t kib = 0, available = 0;
        while (meminfo >> key >> kib) {
            std::getline(meminfo, unit);
            if (key == "MemAvailable:") available = kib * 1024;
        }
        // Linux is the only platform built here: a missing MemAvailable is a failure, not a skip.
        QVERIFY2(available > 0, "no MemAvailable in /proc/meminfo");
        const std::uint64_t measured = engine::host_available_memory();
        QVERIFY(measured > 0);
        // Within the cgroup it can only be less; MemAvailable moves between the two reads, so 5 % slack.
        QVERIFY2(static_cast<double>(measured) <= available * 1.05,
                 qPrintable(QStringLiteral("%1 > %2").arg(measured).arg(available)));
    }
};

QTEST_APPLESS_MAIN(TestHostMemory)
#include "tst_host_memory.moc"
