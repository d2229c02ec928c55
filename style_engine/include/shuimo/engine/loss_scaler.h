#pragma once
// Dynamic loss scaling for fp16 gradients: multiply the loss by a large scale
// so small gradients survive fp16, shrink the scale when anything overflows,
// grow it again after a run of clean steps. Plain C++; the engine applies it.

namespace shuimo::engine {

class LossScaler {
public:
    struct Options {
        double initial_scale = 65536.0;
        double growth_factor = 2.0;
        double backoff_factor = 0.5;
        int growth_interval = 50;          // clean evaluations before the scale grows
        double min_scale = 1.0;            // below this, reduced precision is given up
        int max_consecutive_failures = 16; // ... and after this many overflows in a row
    };

    LossScaler() : LossScaler(Options{}) {}
    explicit LossScaler(const Options& options) : options_(options), scale_(options.initial_scale) {}

    double scale() const { return scale_; }
    int consecutive_failures() const { return failures_; }

    // After a backward pass with the current scale. Returns true when the
    // gradients are usable (finite); false means: back off and evaluate again.
    bool update(bool gradients_finite) {
        if (gradients_finite) {
            failures_ = 0;
            if (++clean_ >= options_.growth_interval) {
                clean_ = 0;
                scale_ *= options_.growth_factor;
            }
            return true;
        }
        clean_ = 0;
        ++failures_;
        scale_ *= options_.backoff_factor;
        return false;
    }

    // Reduced precision keeps overflowing: the caller should fall back to fp32.
    bool exhausted() const { return failures_ >= options_.max_consecutive_failures || scale_ < options_.min_scale; }

private:
    Options options_;
    double scale_;
    int clean_ = 0;
    int failures_ = 0;
};

}  // namespace shuimo::engine
