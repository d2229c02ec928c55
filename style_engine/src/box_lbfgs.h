#pragma once
// L-BFGS kept inside a box: every point it evaluates lies in [lower, upper]
// (for the image: [0,1], what a file can hold). A projected quasi-Newton
// method in the spirit of L-BFGS-B: samples at a bound whose gradient pushes
// outward are held (the active set), the two-loop recursion gives a direction
// for the others, and a backtracking (Armijo) line search runs along the
// projected path x(t) = clamp(x + t·d). Internal to the engine.

#include <torch/torch.h>

#include <deque>
#include <functional>

namespace shuimo::engine {

class BoxLbfgs {
public:
    // x: a leaf tensor with requires_grad, already inside the box. history: curvature pairs kept.
    BoxLbfgs(torch::Tensor x, int history, double lower = 0.0, double upper = 1.0);

    // Runs until `objective` throws. The objective evaluates at x, leaves the
    // gradient in x.grad() and returns the loss (0-dim); this class moves x.
    void run(const std::function<torch::Tensor()>& objective);

private:
    struct Pair {
        torch::Tensor s;  // step
        torch::Tensor y;  // change of gradient
        torch::Tensor rho;  // 1 / (s·y), 0-dim
    };
    torch::Tensor direction(const torch::Tensor& gradient) const;

    torch::Tensor x_;
    int history_;
    double lower_;
    double upper_;
    std::deque<Pair> pairs_;
};

}  // namespace shuimo::engine
