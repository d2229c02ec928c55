#include "box_lbfgs.h"

#include <algorithm>
#include <cmath>
#include <utility>

namespace shuimo::engine {
namespace {

// Armijo's sufficient decrease: the loss must fall by at least this share of
// what the gradient promises along the (projected) step.
constexpr double kSufficientDecrease = 1e-4;
// Below this step length the direction is given up and the memory cleared.
constexpr double kSmallestStep = 1e-9;
// Curvature pairs with s·y at or below this are skipped (the loss is not
// convex there; torch's LBFGS uses the same threshold).
constexpr double kMinCurvature = 1e-10;

}  // namespace

BoxLbfgs::BoxLbfgs(torch::Tensor x, int history, double lower, double upper)
    : x_(std::move(x)), history_(std::max(1, history)), lower_(lower), upper_(upper) {}

// The two-loop recursion: minus the inverse-Hessian approximation times the gradient.
torch::Tensor BoxLbfgs::direction(const torch::Tensor& gradient) const {
    torch::Tensor q = gradient.clone();
    std::vector<torch::Tensor> alphas(pairs_.size());
    for (std::size_t k = pairs_.size(); k-- > 0;) {
        alphas[k] = pairs_[k].rho * torch::dot(pairs_[k].s, q);
        q.sub_(pairs_[k].y * alphas[k]);
    }
    if (!pairs_.empty()) {
        const Pair& newest = pairs_.back();
        q.mul_(1.0 / (newest.rho * torch::dot(newest.y, newest.y)));  // s·y / y·y
    }
    for (std::size_t k = 0; k < pairs_.size(); ++k) {
        const torch::Tensor beta = pairs_[k].rho * torch::dot(pairs_[k].y, q);
        q.add_(pairs_[k].s * (alphas[k] - beta));
    }
    return q.neg_();
}

void BoxLbfgs::run(const std::function<torch::Tensor()>& objective) {
    auto flat_gradient = [&] { return x_.grad().detach().reshape(-1).clone(); };
    double loss = objective().item<double>();
    torch::Tensor gradient = flat_gradient();
    for (;;) {
        torch::NoGradGuard no_grad;
        const torch::Tensor x = x_.detach().reshape(-1).clone();
        // The active set: samples at a bound that the gradient would push outside stay where they are.
        const torch::Tensor held = ((x <= lower_) & (gradient > 0)) | ((x >= upper_) & (gradient < 0));
        const torch::Tensor free_gradient = gradient.masked_fill(held, 0.0);
        torch::Tensor d = direction(free_gradient).masked_fill_(held, 0.0);
        double slope = torch::dot(free_gradient, d).item<double>();
        if (!(slope < 0.0)) {  // not a descent direction (or NaN): forget the curvature, go downhill
            pairs_.clear();
            d = free_gradient.neg();
            slope = torch::dot(free_gradient, d).item<double>();
        }
        // Without curvature pairs the step's scale is unknown: as torch's LBFGS, 1/|g|_1 at most.
        double step = 1.0;
        if (pairs_.empty()) step = std::min(1.0, 1.0 / std::max(free_gradient.abs().sum().item<double>(), 1e-30));

        torch::Tensor next_x;
        torch::Tensor next_gradient;
        double next_loss = 0.0;
        for (;;) {
            next_x = (x + d * step).clamp_(lower_, upper_);
            x_.detach().copy_(next_x.view_as(x_));
            {
                torch::AutoGradMode enable_grad(true);
                next_loss = objective().item<double>();
            }
            next_gradient = flat_gradient();
            const double promised = torch::dot(gradient, next_x - x).item<double>();
            if (std::isfinite(next_loss) && next_loss <= loss + kSufficientDecrease * promised) break;
            if (step < kSmallestStep) break;  // accept and start again from plain descent
            // Minimum of the quadratic through loss, slope and next_loss, kept within [0.1, 0.5] of the step.
            const double curvature = next_loss - loss - slope * step;
            double shorter = std::isfinite(curvature) && curvature > 0.0 ? -slope * step * step / (2.0 * curvature) : 0.5 * step;
            step = std::clamp(shorter, 0.1 * step, 0.5 * step);
        }
        const torch::Tensor s = next_x - x;
        const torch::Tensor y = next_gradient - gradient;
        const torch::Tensor sy = torch::dot(s, y);
        if (sy.item<double>() > kMinCurvature && std::isfinite(next_loss)) {
            pairs_.push_back({s, y, 1.0 / sy});
            if (static_cast<int>(pairs_.size()) > history_) pairs_.pop_front();
        } else if (step < kSmallestStep) {
            pairs_.clear();
        }
        loss = next_loss;
        gradient = next_gradient;
    }
}

}  // namespace shuimo::engine
