#pragma once
// One job, from validated inputs to the result: the levels of the schedule,
// each with its targets and optimiser; the memory budget (gradient
// checkpointing, smaller sizes) and out-of-memory recovery; live weights,
// progress and previews. Internal to the engine; StyleEngine::run drives it.

#include <torch/torch.h>

#include <chrono>
#include <optional>
#include <string>
#include <vector>

#include "capture.h"
#include "model_cache.h"
#include "shuimo/engine/ink_output.h"
#include "shuimo/engine/loss_scaler.h"
#include "shuimo/engine/progress.h"
#include "shuimo/engine/schedule.h"
#include "shuimo/engine/style_params.h"

namespace shuimo::engine {

class JobRunner {
public:
    // Validates the job (ConfigError, DeviceError) and puts its images on the device.
    JobRunner(const StyleJob& job, ProgressSink& sink, ModelCache& models);

    StyleResult run();

private:
    struct Targets {
        torch::Tensor content;                      // the content image at the level's size
        std::vector<torch::Tensor> content_features;
        std::vector<torch::Tensor> style_grams;
    };

    Targets make_targets(Size size) const;
    // The size to optimise a level at and whether to checkpoint, within the memory budget.
    Size plan_level(const Level& level);
    // Optimises at `size` for up to `budget` evaluations, from x (upsampled) or the init.
    void optimise_level(int level_index, Size size, int budget, int& spent);
    torch::Tensor evaluate(int level_index, Size size, int budget, int& spent, Targets& targets, bool& in_step);
    void use_precision(torch::ScalarType dtype);
    // After an allocation failure at `size`: checkpointing first, then a smaller size. Throws
    // OutOfMemoryError when nothing is left to try.
    void recover_from_out_of_memory(const Level& level, Size size, const std::string& what);
    bool take_new_weights();
    torch::Tensor net_input(const torch::Tensor& image) const;
    Image finish_image(const torch::Tensor& image, const Image& content_at_size) const;
    double seconds_since_start() const;

    const StyleJob& job_;
    const StyleParams& p_;
    ProgressSink& sink_;
    ModelCache& models_;
    std::chrono::steady_clock::time_point started_;

    torch::Device device_{torch::kCPU};
    torch::ScalarType dtype_ = torch::kFloat;
    bool channels_last_ = false;
    Vgg19Features* net_ = nullptr;
    std::optional<LossScaler> scaler_;
    Capture capture_;
    int divisor_ = 1;
    Size out_;
    std::vector<Level> levels_;
    int total_iterations_ = 0;
    int report_every_ = 1;
    torch::Tensor content_full_;
    std::vector<torch::Tensor> styles_full_;
    LossWeights weights_;
    Rgb paper_{1.0f, 1.0f, 1.0f};     // monochrome ink's paper

    // Progress of the job.
    bool checkpoint_ = false;
    int lbfgs_history_ = 100;     // lowered by the memory budget
    double shrink_ = 1.0;     // every level's sides are multiplied by this after a memory shortage
    int evaluations_ = 0;
    int overflow_retries_ = 0;
    int oom_recoveries_ = 0;
    bool any_checkpointed_ = false;
    bool cancelled_ = false;
    bool diverged_ = false;
    torch::Tensor x_;                 // the image being optimised, at the current level's size
    torch::Tensor best_;              // the best evaluated image of the current level
    torch::Tensor best_loss_;         // its objective, on the device (0-dim, fp32)
    Image content_at_level_;          // for preserve-colours on previews
    std::chrono::steady_clock::time_point last_preview_;
    int last_report_ = 0;             // evaluation count at the previous progress report
};

}  // namespace shuimo::engine
