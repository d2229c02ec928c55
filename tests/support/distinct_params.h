#pragma once
// StyleParams with every field the batch queue had before the parameter table set
// to a value that is not its default: the params JSON round trip (tst_batch_queue)
// and the settings-hash text recorded for them (tst_param_table) share it.

#include "shuimo/engine/style_params.h"

namespace shuimo::testing {

inline engine::StyleParams distinctParams() {
    engine::StyleParams p;
    p.size = 777; p.iterations = 33; p.scales = 3; p.min_size = 100; p.level_iterations = {10, 10, 13};
    p.content_weight = 2; p.style_weight = 3e5; p.tv_weight = 0.5; p.content_layers = {"relu3_2"};
    p.style_layers = {"relu1_1", "relu2_1"}; p.style_layer_weights = {1, 2}; p.optimizer = engine::OptimizerKind::Adam;
    p.learning_rate = 0.05; p.lbfgs_history = 20; p.pooling = engine::PoolingKind::Average; p.init = engine::InitKind::Noise;
    p.style_scale = 0.8; p.preserve_colors = true; p.colour_strength = 0.3; p.monochrome_ink = true;
    p.paper_colour = std::array<float, 3>{0.5f, 0.25f, 0.125f}; p.seed = 123456789012345ULL; p.device = "cpu";
    p.precision = engine::Precision::Fp32; p.loss_scale = 1024; p.checkpointing = engine::Checkpointing::On;
    p.max_memory = 3ULL << 30; p.report_every = 5;
    return p;
}

}  // namespace shuimo::testing
