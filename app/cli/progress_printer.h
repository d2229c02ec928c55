#pragma once
// Progress sinks for shuimo-cli: JSON lines on stdout, or a bar with ETA on a terminal.

#include <atomic>
#include <cstdio>
#include <string>

#include "shuimo/engine/progress.h"

namespace shuimo::cli {

class CliProgressSink : public engine::ProgressSink {
public:
    explicit CliProgressSink(const std::atomic<bool>& cancel_requested) : cancel_requested_(cancel_requested) {}
    bool is_cancelled() const override { return cancel_requested_.load(std::memory_order_relaxed); }
    void on_notice(const std::string& message) override;

private:
    const std::atomic<bool>& cancel_requested_;
};

// {"event":"iteration",...} per evaluation; the caller writes the "done" event.
class JsonProgressSink : public CliProgressSink {
public:
    JsonProgressSink(const std::atomic<bool>& cancel_requested, std::FILE* out)
        : CliProgressSink(cancel_requested), out_(out) {}
    void on_iteration(const engine::IterationReport& report) override;
    void write_done(const std::string& output, double seconds, bool cancelled);

private:
    std::FILE* out_;
};

// A one-line bar redrawn in place, only when `stream` is a terminal.
class TerminalProgressSink : public CliProgressSink {
public:
    TerminalProgressSink(const std::atomic<bool>& cancel_requested, std::FILE* stream);
    void on_iteration(const engine::IterationReport& report) override;
    void finish();

private:
    std::FILE* stream_;
    bool enabled_;
    bool drawn_ = false;
};

}  // namespace shuimo::cli
