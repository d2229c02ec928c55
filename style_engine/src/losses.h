#pragma once
// The objective of docs/OBJECTIVE.md, term by term (torch). Internal to the engine.
// Statistics are computed in fp32 whatever the features' dtype.

#include <torch/torch.h>

#include <vector>

#include "shuimo/engine/style_params.h"

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

// mean(c ⊙ (x − p)²) over every sample: the temporal term of a video frame (docs/VIDEO.md); image and
// previous [N, 3, H, W], reliable [N, 1, H, W] (broadcast over the channels).
torch::Tensor temporal_loss(const torch::Tensor& image, const torch::Tensor& previous, const torch::Tensor& reliable);

// Σ_l w_l · mean((G_l − A_l)²) for Grams already made.
torch::Tensor style_loss_of_grams(const std::vector<torch::Tensor>& grams, const std::vector<torch::Tensor>& target_grams,
                                  const std::vector<double>& layer_weights);

// A_l = Σ_k b_k · Gram(style_k, layer l), with the blend weights normalised to sum 1.
// style_grams[k][l] is style k's Gram at layer l. Any style statistic blends so (style_statistic).
std::vector<torch::Tensor> blend_grams(const std::vector<std::vector<torch::Tensor>>& style_grams,
                                       const std::vector<double>& blend);

// --- Style statistics (docs/OBJECTIVE.md, "Style statistics") ----------------------------

// ε of the W2 term: ε·I is added to the image's covariance and to the target's.
inline constexpr double kW2Epsilon = 1e-4;

// A style layer's statistic of a feature map ([C, H, W] or [1, C, H, W]): an average over
// positions, so that blends (blend_grams), windows (weighted by their positions) and tile goals
// combine it linearly.
//   Gram: F Fᵀ / (C·N), C x C (gram_matrix).
//   W2:   the raw moments of [F; 1]: [[M, μ], [μᵀ, 1]], (C+1) x (C+1), with M = F Fᵀ / N the
//         second raw moment and μ the mean feature (covariances do not combine linearly; these do).
// fp32 whatever the features' dtype (fp64 features stay fp64); differentiable.
torch::Tensor style_statistic(const torch::Tensor& features, StyleLossKind kind);

// The same statistic of the features weighted by a mask (guided statistics, Gatys et al. 2017,
// docs/REGIONS.md): `mask` [h, w] (or [1, 1, h, w]) at the feature map's size, in [0,1]; every
// average over positions becomes a weighted one, Σ m·(...) / Σ m, so a mask of ones gives
// style_statistic. The mask carries no gradient. Σ m must be > 0.
torch::Tensor masked_style_statistic(const torch::Tensor& features, const torch::Tensor& mask, StyleLossKind kind);

// A style layer's target as its term reads it, made once from a (blended) statistic, without
// gradients. W2: the mean μₛ, the covariance Σₛ = M − μₛμₛᵀ + ε·I and its square root Σₛ^½, fp64,
// from one eigendecomposition; eigenvalues of M − μₛμₛᵀ below 0 count as 0 (rounding; a tile's goal,
// docs/TILING.md, is a sum of moments that need not be a covariance).
struct StyleTarget {
    StyleLossKind kind = StyleLossKind::Gram;
    torch::Tensor statistic;
    torch::Tensor mean, covariance, covariance_root;  // W2 only
};
std::vector<StyleTarget> style_targets(const std::vector<torch::Tensor>& statistics, StyleLossKind kind);

// Σ_l w_l · term_l(statistic_l, target_l), `layer_weights` empty meaning 1: Gram's term is
// mean((G − A)²); W2's is w2_term. In the statistics' dtype.
torch::Tensor style_loss_of_statistics(const std::vector<torch::Tensor>& statistics, const std::vector<StyleTarget>& targets,
                                       const std::vector<double>& layer_weights);

// The Wasserstein-2 term of one layer, from the image's W2 statistic (style_statistic) with
// Σ = M − μμᵀ + ε·I: mean((μ − μₛ)²) + mean(diag(Σ + Σₛ − 2·(Σₛ^½ Σ Σₛ^½)^½)), computed in fp64.
torch::Tensor w2_term(const torch::Tensor& statistic, const StyleTarget& target);

}  // namespace shuimo::engine
