#!/usr/bin/python3
"""Projected Adam with a learning rate that follows the measured progress, on the engine's own
objective: the probe behind docs/BENCHMARKS.md, "Adam whose step follows its progress" (issue 23,
the content-dominated weights where the engine's bounded L-BFGS misses torch's unbounded one).

    tools/adam_reference.py [--rate 0.05] [--control fixed|shrink|bold|ratio] -- build/release/bench/shuimo-bench --box 96 ...

Adam (beta 0.9 / 0.999, bias-corrected), each point clamped into [0, 1]; after every step the rate
  fixed   stays;
  shrink  halves when the loss rose (never grows);
  bold    halves when the loss rose, grows by --grow when it fell;
  ratio   compares the fall with the one the gradient predicted (f - f_new) / -(g . step): grows by
          --grow above --high, halves below --low (a trust-region rule on Adam's step).
The engine counts the evaluations and writes its best point, as for its own optimisers; the
columns "external written" and "external / torch reported" are this optimiser's. Needs numpy and
the pipes of tools/lbfgsb_reference.py (run it with /usr/bin/python3).
"""
import argparse
import os
import sys

import numpy as np

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import lbfgsb_reference as pipes  # noqa: E402  (the pipe protocol and the bench runner)


def run_level(incoming, outgoing, n, start, args):
    objective = pipes.pipe_objective(incoming, outgoing, n)
    x = start.copy()
    m = np.zeros(n)
    v = np.zeros(n)
    rate = args.rate
    try:
        f, g = objective(x)
        for t in range(1, 10**9):
            m = 0.9 * m + 0.1 * g
            v = 0.999 * v + 0.001 * g * g
            step = -rate * (m / (1 - 0.9**t)) / (np.sqrt(v / (1 - 0.999**t)) + 1e-8)
            x_new = np.clip(x + step, 0.0, 1.0)
            f_new, g_new = objective(x_new)
            if args.control == "shrink" and f_new >= f:
                rate *= 0.5
            elif args.control == "bold":
                rate *= args.grow if f_new < f else 0.5
            elif args.control == "ratio":
                predicted = -float(g @ (x_new - x))
                ratio = (f - f_new) / predicted if predicted > 0 else -1.0
                if ratio > args.high:
                    rate *= args.grow
                elif ratio < args.low:
                    rate *= 0.5
            x, f, g = x_new, f_new, g_new
    except pipes.Spent:
        pass


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rate", type=float, default=0.05, help="the first learning rate (0.05)")
    parser.add_argument("--control", choices=("fixed", "shrink", "bold", "ratio"), default="fixed")
    parser.add_argument("--grow", type=float, default=1.1, help="bold/ratio: the factor a good step grows the rate by")
    parser.add_argument("--high", type=float, default=0.8, help="ratio: grow above this share of the predicted fall")
    parser.add_argument("--low", type=float, default=0.3, help="ratio: halve below this share")
    parser.add_argument("bench", nargs=argparse.REMAINDER, help="-- then the shuimo-bench command line")
    args = parser.parse_args()
    return pipes.serve(pipes.bench_command(parser, args), lambda i, o, n, start: run_level(i, o, n, start, args))


if __name__ == "__main__":
    sys.exit(main())
