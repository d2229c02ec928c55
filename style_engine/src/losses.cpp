#include "losses.h"

#include <numeric>

#include "shuimo/engine/errors.h"

namespace shuimo::engine {

namespace {

// F·Fᵀ for a feature map F of shape [C, H, W], seen as C rows of H·W. On the
// CPU in fp32 it runs as a convolution: the C channel planes as a batch of
// one-channel images, convolved with the same C planes as H×W kernels, so each
// output is one plane's dot product with another. oneDNN does that at 50-180
// GFLOP/s here where the system BLAS's sgemm manages ~30 (docs/BENCHMARKS.md).
torch::Tensor outer_product(const torch::Tensor& features) {
    const auto c = features.size(0);
    if (features.device().is_cpu() && features.scalar_type() == torch::kFloat) {
        const torch::Tensor planes = features.contiguous().unsqueeze(1);  // [C, 1, H, W]
        return torch::conv2d(planes, planes).view({c, c});
    }
    const torch::Tensor flat = features.reshape({c, features.size(1) * features.size(2)});
    return torch::mm(flat, flat.t());
}

// Gram with a hand-written backward: dL/dF = (dG + dGᵀ)·F / (C·H·W), one
// product (a 1×1 convolution over the feature map) where autograd would do two mm.
class GramFunction : public torch::autograd::Function<GramFunction> {
public:
    static torch::Tensor forward(torch::autograd::AutogradContext* ctx, const torch::Tensor& features) {
        ctx->save_for_backward({features});
        const auto c = features.size(0);
        const auto n = features.size(1) * features.size(2);
        return outer_product(features) / static_cast<double>(c * n);
    }

    static torch::autograd::variable_list backward(torch::autograd::AutogradContext* ctx,
                                                   torch::autograd::variable_list grad_outputs) {
        const torch::Tensor features = ctx->get_saved_variables()[0];
        const auto c = features.size(0);
        const auto n = features.size(1) * features.size(2);
        const torch::Tensor grad_gram = grad_outputs[0];
        const torch::Tensor symmetric = (grad_gram + grad_gram.t()) / static_cast<double>(c * n);
        torch::Tensor grad;
        if (features.device().is_cpu() && features.scalar_type() == torch::kFloat) {
            grad = torch::conv2d(features.unsqueeze(0), symmetric.view({c, c, 1, 1})).squeeze(0);
        } else {
            grad = torch::mm(symmetric, features.reshape({c, n})).view(features.sizes());
        }
        return {grad};
    }
};

}  // namespace

torch::Tensor gram_matrix(const torch::Tensor& features) {
    const torch::Tensor f = features.dim() == 4 ? features.squeeze(0) : features;
    TORCH_CHECK(f.dim() == 3, "gram_matrix expects [C, H, W] or [1, C, H, W]");
    // fp32 (or wider) statistics: a Gram of fp16 features overflows 65504.
    const auto stat_type = f.scalar_type() == torch::kDouble ? torch::kDouble : torch::kFloat;
    return GramFunction::apply(f.to(stat_type));
}

torch::Tensor content_loss(const std::vector<torch::Tensor>& features, const std::vector<torch::Tensor>& targets) {
    TORCH_CHECK(features.size() == targets.size(), "content_loss: features and targets differ in count");
    torch::Tensor total;
    for (std::size_t i = 0; i < features.size(); ++i) {
        const auto stat_type = targets[i].scalar_type();
        const torch::Tensor term = (features[i].to(stat_type) - targets[i]).pow(2).mean();
        total = total.defined() ? total + term : term;
    }
    return total.defined() ? total : torch::zeros({});
}

torch::Tensor style_loss(const std::vector<torch::Tensor>& features, const std::vector<torch::Tensor>& target_grams,
                         const std::vector<double>& layer_weights) {
    TORCH_CHECK(features.size() == target_grams.size(), "style_loss: features and targets differ in count");
    TORCH_CHECK(layer_weights.empty() || layer_weights.size() == features.size(), "style_loss: weights count");
    std::vector<torch::Tensor> grams;
    grams.reserve(features.size());
    for (const auto& f : features) grams.push_back(gram_matrix(f));
    return style_loss_of_grams(grams, target_grams, layer_weights);
}

torch::Tensor style_loss_of_grams(const std::vector<torch::Tensor>& grams, const std::vector<torch::Tensor>& target_grams,
                                  const std::vector<double>& layer_weights) {
    TORCH_CHECK(grams.size() == target_grams.size(), "style_loss: Grams and targets differ in count");
    std::vector<StyleTarget> targets;
    for (const auto& a : target_grams) targets.push_back({StyleLossKind::Gram, a, {}, {}, {}});
    return style_loss_of_statistics(grams, targets, layer_weights);
}

torch::Tensor tv_loss(const torch::Tensor& image) {
    const torch::Tensor x = image.dim() == 3 ? image.unsqueeze(0) : image;
    const torch::Tensor vertical = x.slice(2, 1) - x.slice(2, 0, x.size(2) - 1);
    const torch::Tensor horizontal = x.slice(3, 1) - x.slice(3, 0, x.size(3) - 1);
    // A one-pixel-high (or wide) image has no neighbours in that direction: that term is 0.
    const torch::Tensor v = vertical.numel() > 0 ? vertical.pow(2).mean() : torch::zeros({}, x.options());
    const torch::Tensor h = horizontal.numel() > 0 ? horizontal.pow(2).mean() : torch::zeros({}, x.options());
    return v + h;
}

std::vector<torch::Tensor> blend_grams(const std::vector<std::vector<torch::Tensor>>& style_grams,
                                       const std::vector<double>& blend) {
    if (style_grams.empty()) throw ConfigError("at least one style image is needed");
    std::vector<double> weights = blend.empty() ? std::vector<double>(style_grams.size(), 1.0) : blend;
    if (weights.size() != style_grams.size()) {
        throw ConfigError("style blend: " + std::to_string(weights.size()) + " weights given for " +
                          std::to_string(style_grams.size()) + " style images");
    }
    const double sum = std::accumulate(weights.begin(), weights.end(), 0.0);
    if (!(sum > 0.0)) throw ConfigError("style blend weights must not all be zero");
    std::vector<torch::Tensor> blended;
    for (std::size_t layer = 0; layer < style_grams.front().size(); ++layer) {
        torch::Tensor acc;
        for (std::size_t k = 0; k < style_grams.size(); ++k) {
            const torch::Tensor term = style_grams[k][layer] * (weights[k] / sum);
            acc = acc.defined() ? acc + term : term;
        }
        blended.push_back(acc);
    }
    return blended;
}

namespace {

// μ and M − μμᵀ of a W2 statistic [[M, μ], [μᵀ, 1]], in fp64.
std::pair<torch::Tensor, torch::Tensor> mean_and_centred_moment(const torch::Tensor& statistic) {
    const auto c = statistic.size(0) - 1;
    const torch::Tensor s = statistic.to(torch::kDouble);
    const torch::Tensor mean = s.narrow(0, 0, c).select(1, c);
    return {mean, s.narrow(0, 0, c).narrow(1, 0, c) - torch::outer(mean, mean)};
}

StyleTarget w2_target(const torch::Tensor& statistic) {
    torch::NoGradGuard no_grad;
    auto [mean, centred] = mean_and_centred_moment(statistic);
    const auto [values, vectors] = torch::linalg_eigh(0.5 * (centred + centred.t()));
    const torch::Tensor shifted = values.clamp_min(0.0) + kW2Epsilon;
    StyleTarget target{StyleLossKind::W2, statistic, mean, {}, {}};
    target.covariance = (vectors * shifted).mm(vectors.t());
    target.covariance_root = (vectors * shifted.sqrt()).mm(vectors.t());
    return target;
}

}  // namespace

torch::Tensor style_statistic(const torch::Tensor& features, StyleLossKind kind) {
    if (kind == StyleLossKind::Gram) return gram_matrix(features);
    const torch::Tensor f = features.dim() == 4 ? features.squeeze(0) : features;
    TORCH_CHECK(f.dim() == 3, "style_statistic expects [C, H, W] or [1, C, H, W]");
    const auto c = f.size(0);
    // M through the Gram's fast product and hand-written backward, in fp32 (or fp64) as the Gram is.
    const torch::Tensor second = gram_matrix(f) * static_cast<double>(c);
    const torch::Tensor mean = f.to(second.scalar_type()).mean({1, 2});
    const torch::Tensor top = torch::cat({second, mean.unsqueeze(1)}, 1);
    const torch::Tensor bottom = torch::cat({mean, torch::ones({1}, mean.options())}).unsqueeze(0);
    return torch::cat({top, bottom}, 0);
}

torch::Tensor masked_style_statistic(const torch::Tensor& features, const torch::Tensor& mask, StyleLossKind kind) {
    const torch::Tensor f = features.dim() == 4 ? features.squeeze(0) : features;
    TORCH_CHECK(f.dim() == 3, "masked_style_statistic expects [C, H, W] or [1, C, H, W]");
    const torch::Tensor m = mask.detach().reshape({1, f.size(1), f.size(2)}).to(f.device(), torch::kFloat);
    const double positions = static_cast<double>(f.size(1) * f.size(2));
    const torch::Tensor mass = m.sum();  // > 0 (the caller's promise: no read-back per evaluation)
    // F·diag(m)·Fᵀ as the Gram of F·√m (its fast product and backward), rescaled from the
    // Gram's 1/N to 1/Σm.
    const torch::Tensor weighted = f * m.sqrt().to(f.scalar_type());
    const torch::Tensor gram = gram_matrix(weighted) * (positions / mass);
    if (kind == StyleLossKind::Gram) return gram;
    const auto c = f.size(0);
    const torch::Tensor second = gram * static_cast<double>(c);
    const torch::Tensor mean = (f.to(second.scalar_type()) * m.to(second.scalar_type())).sum({1, 2}) / mass;
    const torch::Tensor top = torch::cat({second, mean.unsqueeze(1)}, 1);
    const torch::Tensor bottom = torch::cat({mean, torch::ones({1}, mean.options())}).unsqueeze(0);
    return torch::cat({top, bottom}, 0);
}

std::vector<StyleTarget> style_targets(const std::vector<torch::Tensor>& statistics, StyleLossKind kind) {
    torch::NoGradGuard no_grad;
    std::vector<StyleTarget> targets;
    targets.reserve(statistics.size());
    for (const auto& s : statistics)
        targets.push_back(kind == StyleLossKind::W2 ? w2_target(s) : StyleTarget{StyleLossKind::Gram, s, {}, {}, {}});
    return targets;
}

torch::Tensor w2_term(const torch::Tensor& statistic, const StyleTarget& target) {
    TORCH_CHECK(target.kind == StyleLossKind::W2 && target.covariance_root.defined(), "w2_term: not a W2 target");
    const auto [mean, centred] = mean_and_centred_moment(statistic);
    const auto c = mean.size(0);
    const torch::Tensor covariance = centred + kW2Epsilon * torch::eye(c, centred.options());
    const torch::Tensor& root = target.covariance_root;
    const torch::Tensor product = root.mm(covariance).mm(root);
    // tr (Σₛ^½ Σ Σₛ^½)^½ is the sum of the square roots of that symmetric matrix's eigenvalues,
    // which are at least ε² (both covariances are at least ε·I; where both are ε·I in a direction,
    // as in a layer with more channels than positions, exactly ε²). The floor, half of that, only
    // keeps rounding away from the square root's pole. fp64: the eigenvalues span ~10 decades.
    // The gradient, ½·V diag(λ^-½) Vᵀ, has no eigenvector derivative, so repeated eigenvalues
    // are harmless (docs/OBJECTIVE.md).
    const torch::Tensor eigenvalues = torch::linalg_eigvalsh(0.5 * (product + product.t()));
    const torch::Tensor root_trace = eigenvalues.clamp_min(0.5 * kW2Epsilon * kW2Epsilon).sqrt().sum();
    const torch::Tensor mean_term = (mean - target.mean).pow(2).mean();
    const torch::Tensor covariance_term =
        (covariance.diagonal().sum() + target.covariance.diagonal().sum() - 2.0 * root_trace) / static_cast<double>(c);
    return (mean_term + covariance_term).to(statistic.scalar_type());
}

torch::Tensor style_loss_of_statistics(const std::vector<torch::Tensor>& statistics, const std::vector<StyleTarget>& targets,
                                       const std::vector<double>& layer_weights) {
    TORCH_CHECK(statistics.size() == targets.size(), "style_loss: statistics and targets differ in count");
    TORCH_CHECK(layer_weights.empty() || layer_weights.size() == statistics.size(), "style_loss: weights count");
    torch::Tensor total;
    for (std::size_t i = 0; i < statistics.size(); ++i) {
        torch::Tensor term = targets[i].kind == StyleLossKind::W2 ? w2_term(statistics[i], targets[i])
                                                                  : (statistics[i] - targets[i].statistic).pow(2).mean();
        if (!layer_weights.empty()) term = term * layer_weights[i];
        total = total.defined() ? total + term : term;
    }
    return total.defined() ? total : torch::zeros({});
}

torch::Tensor temporal_loss(const torch::Tensor& image, const torch::Tensor& previous, const torch::Tensor& reliable) {
    const torch::Tensor difference = image.to(torch::kFloat) - previous.to(torch::kFloat);
    return (reliable.to(torch::kFloat) * difference * difference).mean();
}

}  // namespace shuimo::engine
