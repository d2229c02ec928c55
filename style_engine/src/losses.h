#pragma once
// The objective of docs/OBJECTIVE.md, term by term (torch). Internal to the engine.
// Statistics are computed in fp32 whatever the features' dtype.

#include <torch/torch.h>

#include <vector>

namespace shuimo::engine {

// features: [C, H, W] or [1, C, H, W]. Returns the C x C matrix F Fᵀ / (C H W).
torch::Tensor gram_matrix(const torch::Tensor& features);

// Σ_l mean((F_l − P_l)²)
torch::Tensor content_loss(const std::vector<torch::Tensor>& features, const std::vector<torch::Tensor>& targets);

// Σ_l w_l · mean((Gram(F_l) − A_l)²); `layer_weights` empty means 1 for every layer.
torch::Tensor style_loss(const std::vector<torch::Tensor>& features, const std::vector<torch::Tensor>& target_grams,
                         const std::vector<double>& layer_weights);

// mean of squared vertical neighbour differences + mean of squared horizontal
// ones; image [N, C, H, W] or [C, H, W].
torch::Tensor tv_loss(const torch::Tensor& image);

// Σ_l w_l · mean((G_l − A_l)²) for Grams already made.
torch::Tensor style_loss_of_grams(const std::vector<torch::Tensor>& grams, const std::vector<torch::Tensor>& target_grams,
                                  const std::vector<double>& layer_weights);

// A_l = Σ_k b_k · Gram(style_k, layer l), with the blend weights normalised to sum 1.
// style_grams[k][l] is style k's Gram at layer l.
std::vector<torch::Tensor> blend_grams(const std::vector<std::vector<torch::Tensor>>& style_grams,
                                       const std::vector<double>& blend);

}  // namespace shuimo::engine
