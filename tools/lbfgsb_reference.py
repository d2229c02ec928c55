#!/usr/bin/python3
"""scipy's L-BFGS-B (Byrd, Lu, Nocedal & Zhu; the Fortran code of Morales & Nocedal, 2011), the
textbook bounded quasi-Newton method, on the engine's own objective: a second reference for the
engine's bounded L-BFGS beside torch's unbounded one (docs/BENCHMARKS.md, "The textbook L-BFGS-B").

    tools/lbfgsb_reference.py [--history M] -- build/release/bench/shuimo-bench --box 96 ... (its usual arguments)

runs the bench with --external-optimiser: each case gets one more run, driven from here over two
named pipes (the protocol is in bench/shuimo_bench.cpp, ExternalPipes), and two more columns:
"external written" and "external / torch reported". Every point sent is in [0, 1] (L-BFGS-B keeps
its iterates in the box; the engine clamps besides); the engine counts the evaluations, as for its
own optimiser, and ends the run when they are spent. Needs Debian's python3-scipy (apt-get install
python3-scipy) and the interpreter it belongs to, /usr/bin/python3.
"""
import argparse
import fcntl
import os
import struct
import subprocess
import sys
import tempfile
import time

import numpy as np


class Spent(Exception):
    """The engine ended the level (its evaluations are spent)."""


def read_exact(f, size):
    parts = []
    while size > 0:
        part = f.read(size)  # a pipe gives at most what it holds
        if not part:
            raise EOFError
        parts.append(part)
        size -= len(part)
    return b"".join(parts)


def blocking(fd):
    fcntl.fcntl(fd, fcntl.F_SETFL, fcntl.fcntl(fd, fcntl.F_GETFL) & ~os.O_NONBLOCK)


def open_pipes(folder, bench):
    """Opens both pipes without hanging when the bench fails before it opens its ends."""
    to_us = os.open(os.path.join(folder, "to_optimiser"), os.O_RDONLY | os.O_NONBLOCK)
    while True:
        try:
            to_bench = os.open(os.path.join(folder, "from_optimiser"), os.O_WRONLY | os.O_NONBLOCK)
            break
        except OSError:
            if bench.poll() is not None:
                os.close(to_us)
                return None, None
            time.sleep(0.05)
    blocking(to_us)
    blocking(to_bench)
    return os.fdopen(to_us, "rb", buffering=0), os.fdopen(to_bench, "wb", buffering=0)


def pipe_objective(incoming, outgoing, n):
    """The level's objective as f(x) -> (loss, gradient); raises Spent when the engine ends the level."""
    def objective(x):
        outgoing.write(struct.pack("<q", 1) + np.clip(x, 0.0, 1.0).astype("<f8").tobytes())
        (tag,) = struct.unpack("<q", read_exact(incoming, 8))
        if tag == 0:
            raise Spent
        (f,) = struct.unpack("<d", read_exact(incoming, 8))
        gradient = np.frombuffer(read_exact(incoming, 8 * n), dtype="<f8").astype(np.float64)
        return f, gradient
    return objective


def run_level(incoming, outgoing, n, start, history):
    import scipy.optimize  # Debian's python3-scipy; the other drivers need numpy only

    objective = pipe_objective(incoming, outgoing, n)
    try:
        scipy.optimize.minimize(objective, start, jac=True, method="L-BFGS-B",
                                bounds=scipy.optimize.Bounds(np.zeros(n), np.ones(n)),
                                options=dict(maxcor=history, maxfun=10**9, maxiter=10**9, ftol=0.0, gtol=0.0))
        outgoing.write(struct.pack("<q", 0))  # stopped on its own before the evaluations were spent
    except Spent:
        pass


def serve(command, drive_level):
    """Runs the bench command with --external-optimiser and hands every level it starts to
    drive_level(incoming, outgoing, n, start); returns the bench's exit status."""
    with tempfile.TemporaryDirectory(prefix="shuimo-external-") as folder:
        for name in ("to_optimiser", "from_optimiser"):
            os.mkfifo(os.path.join(folder, name))
        bench = subprocess.Popen(command + ["--external-optimiser", folder])
        incoming, outgoing = open_pipes(folder, bench)
        if incoming is not None:
            with incoming, outgoing:
                try:
                    while True:
                        (tag,) = struct.unpack("<q", read_exact(incoming, 8))
                        if tag != 2:
                            sys.exit(f"{os.path.basename(sys.argv[0])}: expected the start of a level, got {tag}")
                        (n,) = struct.unpack("<q", read_exact(incoming, 8))
                        start = np.frombuffer(read_exact(incoming, 8 * n), dtype="<f8").astype(np.float64)
                        drive_level(incoming, outgoing, n, start)
                except (EOFError, BrokenPipeError):
                    pass  # the bench finished (or failed: its status says)
        return bench.wait()


def bench_command(parser, args):
    command = args.bench[1:] if args.bench[:1] == ["--"] else args.bench
    if not command:
        parser.error("give the shuimo-bench command after --")
    return command


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--history", type=int, default=100, help="curvature pairs kept (the engine's default: 100)")
    parser.add_argument("bench", nargs=argparse.REMAINDER, help="-- then the shuimo-bench command line")
    args = parser.parse_args()
    return serve(bench_command(parser, args), lambda i, o, n, start: run_level(i, o, n, start, args.history))


if __name__ == "__main__":
    sys.exit(main())
