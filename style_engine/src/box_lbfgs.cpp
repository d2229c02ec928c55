#include "box_lbfgs.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <utility>

namespace shuimo::engine {
namespace {

constexpr double kInfinity = std::numeric_limits<double>::infinity();
// The strong Wolfe conditions: sufficient decrease (c1) and a slope at the
// accepted point at most c2 times the starting slope in magnitude. torch's
// LBFGS and most quasi-Newton codes use these two values.
constexpr double kSufficientDecrease = 1e-4;
constexpr double kCurvature = 0.9;
// Evaluations one line search may take before it settles for the best point
// with sufficient decrease (torch's max_ls).
constexpr int kMaxSearchEvaluations = 25;
// A bracket narrower than this (in the largest sample's movement) ends the zoom.
constexpr double kSmallestMove = 1e-9;
// Extrapolation may grow a step at most this much per evaluation (torch's LBFGS: 10). From a
// cold start (no pairs, no scale handed over) the first step, 1/|g|_1, is often 10^-3 of the
// right one: there the cubic's own prediction is trusted up to kColdGrowth, so finding the
// scale takes one or two evaluations instead of three or four.
constexpr double kMaxGrowth = 10.0;
constexpr double kColdGrowth = 1000.0;
// Powell's damping keeps s·y at least this share of s·B·s.
constexpr double kDampingShare = 0.2;
// Curvature pairs with s·y at or below this are skipped (torch's LBFGS uses the same threshold).
constexpr double kMinCurvature = 1e-10;

// The minimiser of the cubic through (t1, f1, g1) and (t2, f2, g2), kept in [lo, hi]
// (Nocedal & Wright, eq. 3.59); the middle of [lo, hi] when the cubic has none.
double cubic_minimum(double t1, double f1, double g1, double t2, double f2, double g2, double lo, double hi) {
    const double d1 = g1 + g2 - 3.0 * (f1 - f2) / (t1 - t2);
    const double square = d1 * d1 - g1 * g2;
    if (std::isfinite(square) && square >= 0.0) {
        const double d2 = std::copysign(std::sqrt(square), t2 - t1);
        const double t = t2 - (t2 - t1) * (g2 + d2 - d1) / (g2 - g1 + 2.0 * d2);
        if (std::isfinite(t)) return std::clamp(t, lo, hi);
    }
    return 0.5 * (lo + hi);
}

}  // namespace

BoxLbfgs::BoxLbfgs(torch::Tensor x, int history, double initial_scale, double lower, double upper)
    : x_(std::move(x)),
      history_(std::max(1, history)),
      lower_(torch::full({}, lower, x_.options().requires_grad(false))),
      upper_(torch::full({}, upper, x_.options().requires_grad(false))),
      initial_scale_(std::isfinite(initial_scale) && initial_scale > 0.0 ? initial_scale : 0.0),
      scale_(initial_scale_) {}

void BoxLbfgs::set_box(const torch::Tensor& lower, const torch::Tensor& upper) {
    TORCH_CHECK(lower.numel() == x_.numel() && upper.numel() == x_.numel(), "BoxLbfgs::set_box: bounds and x differ in size");
    lower_ = lower.detach().reshape(-1).to(x_.options().requires_grad(false)).contiguous();
    upper_ = upper.detach().reshape(-1).to(x_.options().requires_grad(false)).contiguous();
}

CurvatureMemory BoxLbfgs::memory() const {
    CurvatureMemory kept;
    kept.shape = x_.sizes().vec();
    for (const Pair& pair : pairs_) {
        kept.steps.push_back(pair.s);
        kept.gradient_changes.push_back(pair.y);
    }
    return kept;
}

void BoxLbfgs::carry_over(const CurvatureMemory& from) {
    if (from.empty() || x_.dim() != 4 || from.shape.size() != 4 || from.shape[0] != x_.size(0) || from.shape[1] != x_.size(1))
        return;
    torch::NoGradGuard no_grad;
    namespace F = torch::nn::functional;
    const std::vector<int64_t> to{x_.size(2), x_.size(3)};
    const auto resample = [&](const torch::Tensor& v) {
        return F::interpolate(v.view(from.shape).to(x_.dtype()),
                              F::InterpolateFuncOptions().size(to).mode(torch::kBicubic).align_corners(false))
            .reshape(-1);
    };
    const double pixel_ratio = static_cast<double>(from.shape[2] * from.shape[3]) / static_cast<double>(to[0] * to[1]);
    const std::size_t first = from.steps.size() > static_cast<std::size_t>(history_) ? from.steps.size() - history_ : 0;
    for (std::size_t k = first; k < from.steps.size(); ++k) {
        torch::Tensor s = resample(from.steps[k]);
        torch::Tensor y = resample(from.gradient_changes[k]).mul_(pixel_ratio);
        const double sy = torch::dot(s, y).item<double>();
        remember(std::move(s), std::move(y), sy);
    }
}

void BoxLbfgs::remember(torch::Tensor s, torch::Tensor y, double sy) {
    if (!(sy > kMinCurvature)) return;
    const double yy = torch::dot(y, y).item<double>();
    torch::Tensor rho = torch::full({}, 1.0 / sy, s.options());
    pairs_.push_back({std::move(s), std::move(y), std::move(rho)});
    if (static_cast<int>(pairs_.size()) > history_) pairs_.pop_front();
    if (yy > 0.0 && std::isfinite(sy / yy)) scale_ = sy / yy;
}

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

// One point of the projected path: x(t) = clamp(origin + t·d). Its slope is the
// derivative of the loss along the path, where only samples strictly inside the
// box move.
BoxLbfgs::Trial BoxLbfgs::evaluate_at(const std::function<torch::Tensor()>& objective, const torch::Tensor& origin,
                                      const torch::Tensor& d, double t) {
    Trial trial;
    trial.t = t;
    const torch::Tensor unclamped = origin + d * t;
    trial.x = torch::max(torch::min(unclamped, upper_), lower_);
    x_.detach().copy_(trial.x.view_as(x_));
    {
        torch::AutoGradMode enable_grad(true);
        trial.loss = objective().item<double>();
    }
    if (!std::isfinite(trial.loss)) trial.loss = kInfinity;
    trial.gradient = x_.grad().detach().reshape(-1).clone();
    const torch::Tensor moving = (unclamped > lower_) & (unclamped < upper_);
    trial.slope = torch::dot(trial.gradient.masked_fill(moving.logical_not(), 0.0), d).item<double>();
    return trial;
}

BoxLbfgs::Trial BoxLbfgs::line_search(const std::function<torch::Tensor()>& objective, const Trial& start,
                                      const torch::Tensor& d, double first_step, bool cold) {
    const double growth = cold ? kColdGrowth : kMaxGrowth;
    const double f0 = start.loss;
    const double slope0 = start.slope;
    const double largest = d.abs().max().item<double>();
    auto sufficient = [&](const Trial& trial) { return trial.loss <= f0 + kSufficientDecrease * trial.t * slope0; };
    auto flat_enough = [&](const Trial& trial) { return std::abs(trial.slope) <= -kCurvature * slope0; };

    // Beyond the last breakpoint every moving sample sits at a bound and the path stands
    // still: steps longer than that show nothing new.
    const torch::Tensor room = torch::where(d > 0, (upper_ - start.x) / d, torch::where(d < 0, (lower_ - start.x) / d, torch::zeros_like(d)));
    const double last_breakpoint = room.max().item<double>();

    // Bracketing (Nocedal & Wright, algorithm 3.5): grow the step until the loss
    // stops falling or the slope turns, then zoom into [lo, hi].
    Trial previous = start;
    previous.t = 0.0;  // the path's origin (start may be the previous search's accepted trial)
    Trial lo, hi;
    int evaluations = 0;
    double t = std::min(first_step, last_breakpoint);
    bool bracketed = false;
    while (evaluations < kMaxSearchEvaluations) {
        Trial trial = evaluate_at(objective, start.x, d, t);
        ++evaluations;
        if (!sufficient(trial) || (evaluations > 1 && trial.loss >= previous.loss)) {
            lo = std::move(previous);
            hi = std::move(trial);
            bracketed = true;
            break;
        }
        if (flat_enough(trial) || trial.t >= last_breakpoint) return trial;
        if (trial.slope >= 0.0) {
            hi = std::move(previous);
            lo = std::move(trial);
            bracketed = true;
            break;
        }
        const double grown = cubic_minimum(previous.t, previous.loss, previous.slope, trial.t, trial.loss, trial.slope,
                                           trial.t + 0.01 * (trial.t - previous.t), growth * trial.t);
        previous = std::move(trial);
        t = std::min(grown, last_breakpoint);
    }
    if (!bracketed) return previous;  // still falling after every evaluation: the furthest point

    // Zoom (algorithm 3.6): lo has sufficient decrease and the lowest loss so far;
    // the minimum with a flat enough slope lies between lo and hi. The path has
    // kinks where samples reach a bound, where a cubic can mislead: a step that did
    // not halve the bracket is followed by a bisection.
    bool bisect = false;
    while (evaluations < kMaxSearchEvaluations) {
        const double a = std::min(lo.t, hi.t);
        const double b = std::max(lo.t, hi.t);
        if ((b - a) * largest < kSmallestMove) break;
        // Safeguarded: at least a tenth of the bracket away from either end.
        const double margin = 0.1 * (b - a);
        const bool finite = std::isfinite(lo.loss) && std::isfinite(hi.loss);
        const double t_next = finite && !bisect
                                  ? cubic_minimum(lo.t, lo.loss, lo.slope, hi.t, hi.loss, hi.slope, a + margin, b - margin)
                                  : 0.5 * (a + b);
        Trial trial = evaluate_at(objective, start.x, d, t_next);
        ++evaluations;
        if (!sufficient(trial) || trial.loss >= lo.loss) {
            hi = std::move(trial);
        } else {
            if (flat_enough(trial)) return trial;
            if (trial.slope * (hi.t - lo.t) >= 0.0) hi = std::move(lo);
            lo = std::move(trial);
        }
        bisect = std::abs(hi.t - lo.t) > 0.5 * (b - a);
    }
    return lo;  // t == 0 when nothing lowered the loss
}

void BoxLbfgs::run(const std::function<torch::Tensor()>& objective) {
    torch::NoGradGuard no_grad;
    stopped_ = false;
    Trial& here = here_;
    here = Trial{};
    {
        torch::AutoGradMode enable_grad(true);
        here.loss = objective().item<double>();
    }
    here.x = x_.detach().reshape(-1).clone();
    here.gradient = x_.grad().detach().reshape(-1).clone();
    for (;;) {
        // The active set: samples at a bound that the gradient would push outside stay where they are.
        const torch::Tensor& x = here.x;
        const torch::Tensor held = ((x <= lower_) & (here.gradient > 0)) | ((x >= upper_) & (here.gradient < 0));
        const torch::Tensor free_gradient = here.gradient.masked_fill(held, 0.0);
        torch::Tensor d = direction(free_gradient).masked_fill_(held, 0.0);
        // A sample at a bound that the direction (not the gradient) pushes outward would not move: drop it.
        d.masked_fill_(((x <= lower_) & (d < 0)) | ((x >= upper_) & (d > 0)), 0.0);
        here.slope = torch::dot(free_gradient, d).item<double>();
        if (!(here.slope < 0.0)) {  // not a descent direction (or NaN): forget the curvature, go downhill
            pairs_.clear();
            d = free_gradient.neg();
            here.slope = torch::dot(free_gradient, d).item<double>();
            if (!(here.slope < 0.0)) return;  // every sample held at a bound, or a zero gradient: a minimum
        }
        ++iteration_;
        if (stop_rule_ && stop_rule_(iteration_, here.loss, -here.slope)) {
            stopped_ = true;
            return;
        }
        // Without curvature pairs: the scale handed over, else unknown and, as torch's LBFGS, 1/|g|_1 at most.
        const double first_step = !pairs_.empty() ? 1.0
                                  : scale_ > 0.0   ? scale_
                                                   : std::min(1.0, 1.0 / std::max(free_gradient.abs().sum().item<double>(), 1e-30));
        Trial next = line_search(objective, here, d, first_step, pairs_.empty() && !(scale_ > 0.0));
        if (next.t == 0.0) {
            // Nothing along this direction lowered the loss: forget the curvature and try
            // plain descent; where even that finds nothing lower, the loss cannot fall from here.
            if (pairs_.empty()) return;
            pairs_.clear();
            continue;
        }
        const torch::Tensor s = next.x - here.x;
        const torch::Tensor y = next.gradient - here.gradient;
        // Powell's damping (Nocedal & Wright, procedure 18.2) with the model that took this step:
        // d = -H·g on the samples that move, and the search put the model's minimum at t, so
        // B = H^-1 / t and B·s = -g there. Where s·y falls short of a fifth of s·B·s (from a
        // photo the objective is not always convex along the first directions) y is moved
        // towards B·s, so the pair is kept, carrying the step length that worked, instead of
        // being lost. Without pairs (H = scale·I) this is the scalar model I/(scale·t); with
        // them it leaves alone the pairs that a unit step made good (docs/OBJECTIVE.md).
        double sy = torch::dot(s, y).item<double>();
        torch::Tensor y_kept = y;
        const torch::Tensor model_s = free_gradient.masked_fill(d == 0, 0.0).neg_();
        const double sBs = torch::dot(s, model_s).item<double>();
        if (sBs > 0.0 && sy < kDampingShare * sBs) {
            const double theta = (1.0 - kDampingShare) * sBs / (sBs - sy);
            y_kept = y * theta + model_s * (1.0 - theta);
            sy = torch::dot(s, y_kept).item<double>();
        }
        remember(s, y_kept, sy);
        here = std::move(next);
        x_.detach().copy_(here.x.view_as(x_));
    }
}

}  // namespace shuimo::engine
