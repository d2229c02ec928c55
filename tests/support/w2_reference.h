#pragma once
// An independent Wasserstein-2 style term (issue 28), fp64, for tests that check the engine's:
// the covariance is centred first (not taken from raw moments) and the root trace
// tr (Σₛ^½ Σ Σₛ^½)^½ comes from the eigenvalues of the non-symmetric product Σ·Σₛ (no symmetric
// square root, no eigh). ε = 1e-4 as the issue defines it. Torch: engine-internal tests only.

#include <torch/torch.h>

#include <utility>

namespace shuimo::testing {

// The mean and the covariance (1/N, the positions' own) of features [C, H, W] or [1, C, H, W], fp64.
inline std::pair<torch::Tensor, torch::Tensor> mean_and_covariance(const torch::Tensor& features) {
    const torch::Tensor f = features.to(torch::kDouble).reshape({features.size(-3), -1});
    const torch::Tensor mean = f.mean(1);
    const torch::Tensor centred = f - mean.unsqueeze(1);
    return {mean, centred.mm(centred.t()) / static_cast<double>(f.size(1))};
}

// mean((μ − μₛ)²) + mean(diag(Σ + Σₛ − 2 (Σₛ^½ Σ Σₛ^½)^½)) with ε·I added to both covariances.
inline double reference_w2(const torch::Tensor& features, const torch::Tensor& style_mean, const torch::Tensor& style_covariance) {
    const auto [mean, covariance] = mean_and_covariance(features);
    const auto c = mean.size(0);
    const torch::Tensor eye = torch::eye(c, torch::kDouble);
    const torch::Tensor sigma = covariance + 1e-4 * eye;
    const torch::Tensor sigma_s = style_covariance.to(torch::kDouble) + 1e-4 * eye;
    const double root_trace = torch::real(torch::linalg_eigvals(sigma.mm(sigma_s))).clamp_min(0.0).sqrt().sum().item<double>();
    return (mean - style_mean.to(torch::kDouble)).pow(2).mean().item<double>() +
           ((sigma.trace() + sigma_s.trace()).item<double>() - 2.0 * root_trace) / static_cast<double>(c);
}

}  // namespace shuimo::testing
