#pragma once
// L-BFGS kept inside a box: every point it evaluates lies in [lower, upper]
// (for the image: [0,1], what a file can hold). A projected quasi-Newton
// method in the spirit of L-BFGS-B (Byrd, Lu, Nocedal & Zhu 1995):
// - samples at a bound whose gradient pushes outward are held (the active set);
// - the two-loop recursion over the last `history` curvature pairs gives a
//   direction for the others;
// - a line search along the projected path x(t) = clamp(x + t·d) that asks
//   for the strong Wolfe conditions (Nocedal & Wright, algorithms 3.5 and 3.6:
//   bracketing with cubic extrapolation, then zoom with cubic interpolation),
//   so a step can grow as well as shrink, and an accepted step's curvature pair
//   has s·y > 0 even where the objective is not convex along the gradient.
// docs/OBJECTIVE.md, "The optimiser", says why this and not the alternatives.
// Internal to the engine.

#include <torch/torch.h>

#include <cstdint>
#include <deque>
#include <functional>
#include <vector>

namespace shuimo::engine {

// The curvature pairs a run ended with and the shape of the image they were measured on.
struct CurvatureMemory {
    std::vector<int64_t> shape;
    std::vector<torch::Tensor> steps;             // s, flattened
    std::vector<torch::Tensor> gradient_changes;  // y, flattened
    bool empty() const { return steps.empty(); }
};

class BoxLbfgs {
public:
    // x: a leaf tensor with requires_grad, already inside the box. history: curvature pairs kept.
    // initial_scale > 0: the inverse-Hessian scale to start from (what scale() said at the end of a
    // run on a similar objective: the previous level, tile or weights), so that the first step does
    // not have to grow from torch's 1/|g|_1 (three or four evaluations, the whole budget of a tile
    // at print size). 0: start as torch's LBFGS does.
    BoxLbfgs(torch::Tensor x, int history, double initial_scale = 0.0, double lower = 0.0, double upper = 1.0);

    // Before run(): a box of its own for every sample (lower <= upper, as many samples as x, x
    // already inside): where lower == upper the sample never moves (docs/REGIONS.md).
    void set_box(const torch::Tensor& lower, const torch::Tensor& upper);

    // Runs until `objective` throws, or until the stop rule says stop. The objective evaluates
    // at x, leaves the gradient in x.grad() and returns the loss (0-dim); this class moves x.
    void run(const std::function<torch::Tensor()>& objective);

    // Before run(): asked at every iteration once its direction d is known, with the iteration
    // (1: the first direction of the run), the loss there and -g·d, the fall a unit step along d
    // would bring to first order (twice what the quadratic model predicts). When it answers true,
    // run() returns with x at that point (stopped() true, its gradient kept) and the pairs as they are.
    using StopRule = std::function<bool(int iteration, double loss, double predicted_fall)>;
    void stop_when(StopRule rule) { stop_rule_ = std::move(rule); }
    bool stopped() const { return stopped_; }
    const torch::Tensor& stopped_gradient() const { return here_.gradient; }

    // The inverse-Hessian scale s·y / y·y of the newest curvature pair (or the initial
    // scale while none is known; 0 when neither): valid after run() ended by an exception.
    double scale() const { return scale_; }

    // The pairs kept (valid after run() ended by an exception), for the next level's carry_over().
    CurvatureMemory memory() const;
    // Before run(): starts from the pairs of the same objective measured on an image of another
    // size (the coarser level), resampled onto x's (bicubic; y times the ratio of pixel counts,
    // every term being a mean). The next level then starts with a model of the curvature instead
    // of a cold step (docs/OBJECTIVE.md, "Levels"). Pairs that lose s·y > 0 on the way are dropped;
    // another number of channels or dimensions carries nothing.
    void carry_over(const CurvatureMemory& from);

private:
    struct Pair {
        torch::Tensor s;  // step
        torch::Tensor y;  // change of gradient
        torch::Tensor rho;  // 1 / (s·y), 0-dim
    };
    // One evaluated point of a line search: where on the path, the point, its loss,
    // its gradient and the path's slope there.
    struct Trial {
        double t = 0.0;
        torch::Tensor x;
        double loss = 0.0;
        torch::Tensor gradient;
        double slope = 0.0;
    };

    torch::Tensor direction(const torch::Tensor& gradient) const;
    // Keeps the pair (s, y) when s·y > 0 (beyond rounding), dropping the oldest past `history`;
    // its s·y / y·y becomes the scale.
    void remember(torch::Tensor s, torch::Tensor y, double sy);
    Trial evaluate_at(const std::function<torch::Tensor()>& objective, const torch::Tensor& origin,
                      const torch::Tensor& d, double t);
    // The strong Wolfe search along clamp(origin + t·d) from `start` (t = 0), first trying t = first_step;
    // cold: nothing is known of the step's scale (steps may grow faster). Returns the accepted trial;
    // its t is 0 when no point lowered the loss.
    Trial line_search(const std::function<torch::Tensor()>& objective, const Trial& start, const torch::Tensor& d,
                      double first_step, bool cold);

    torch::Tensor x_;
    int history_;
    torch::Tensor lower_;  // 0-dim, or one per sample (flattened)
    torch::Tensor upper_;
    double initial_scale_;
    double scale_;
    std::deque<Pair> pairs_;
    Trial here_;  // the current point: its loss, gradient and (once the direction is known) slope
    StopRule stop_rule_;
    int iteration_ = 0;
    bool stopped_ = false;
};

}  // namespace shuimo::engine
