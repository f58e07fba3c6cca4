"""Where the solver's time goes, function by function, with Linux ``perf``.

    python bench/profile_search.py [--config briscola-4] [--deals 4] [--first 0] [--top 30]

``perf`` alone sees numba's compiled code as anonymous memory. This script compiles the kernels
afresh in its own process (a temporary ``NUMBA_CACHE_DIR``: code loaded from numba's cache keeps
no object file to read symbols from; compiling takes a minute or two), writes
``/tmp/perf-PID.map`` (the file ``perf`` reads for code it cannot find on disk) with the address
and size of every compiled function, then records the solves of the deals (one thread, value and
principal variation, a fresh table each, as ``bench_search.py``) with ``perf record`` and prints
``perf report``'s share of the samples per function. Functions numba inlined count in their
caller. Needs ``perf`` (``apt-get install linux-perf``) and ``nm`` (binutils).
"""

from __future__ import annotations

import argparse
import os
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path


def compiled_functions(modules: list) -> list[tuple[int, int, str]]:
    """(address, size, name) of every compiled function of the dispatchers in ``modules``."""
    out = []
    with tempfile.TemporaryDirectory() as tmp:
        seen = set()
        for module in modules:
            for name in dir(module):
                dispatcher = getattr(module, name)
                py_func = getattr(dispatcher, "py_func", None)
                if py_func is None or id(dispatcher) in seen:
                    continue  # not a numba function, or one imported from another module
                seen.add(id(dispatcher))
                short = py_func.__module__.rsplit(".", 1)[-1]
                for cres in getattr(dispatcher, "overloads", {}).values():
                    library = cres.library
                    entry = library.get_pointer_to_function(cres.fndesc.llvm_func_name)
                    if not entry:
                        continue
                    path = Path(tmp) / f"{short}.{name}.o"
                    path.write_bytes(library._get_compiled_object())
                    symbols = []
                    listing = subprocess.run(["nm", "-S", "--defined-only", str(path)],
                                             capture_output=True, text=True, check=True).stdout
                    for line in listing.splitlines():
                        parts = line.split()
                        if len(parts) == 4 and parts[2] in "tT":
                            symbols.append((int(parts[0], 16), int(parts[1], 16), parts[3]))
                    own = [s for s in symbols if s[2] == cres.fndesc.llvm_func_name]
                    if not own:
                        continue
                    base = entry - own[0][0]
                    for offset, size, symbol in symbols:
                        kind = "" if symbol == cres.fndesc.llvm_func_name else " (wrapper)"
                        out.append((base + offset, size, f"{short}.{name}{kind}"))
    return sorted(set(out))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--config", default="briscola-4", help="GAME-PLAYERS, e.g. klaverjas-4")
    parser.add_argument("--deals", type=int, default=4)
    parser.add_argument("--first", type=int, default=0, help="the first deal's seed")
    parser.add_argument("--top", type=int, default=30, help="functions to print")
    args = parser.parse_args()
    perf = shutil.which("perf")
    if perf is None or shutil.which("nm") is None:
        sys.exit("profile_search: needs perf and nm on the PATH")
    name, _, players = args.config.rpartition("-")
    if not name or not players.isdigit():
        parser.error(f"--config {args.config!r}: write GAME-PLAYERS, e.g. briscola-4")
    os.environ["NUMBA_CACHE_DIR"] = tempfile.mkdtemp(prefix="aceten-profile-")

    sys.path.insert(0, str(Path(__file__).parent))
    from bench_search import first_lead

    from aceten.errors import AcetenError
    from aceten.rules import jit
    from aceten.search import Solver, dds, endgame

    try:
        first_lead(name, int(players), None, {}, 0)
    except AcetenError as e:
        parser.error(f"--config {args.config!r}: {e}")
    solver = Solver(threads=1)
    print("compiling the kernels ...", flush=True)
    solver.solve(first_lead(name, int(players), None, {}, 10**6), moves=False)
    map_path = Path(f"/tmp/perf-{os.getpid()}.map")
    functions = compiled_functions([dds, endgame, jit])
    map_path.write_text("".join(f"{a:x} {s:x} {n}\n" for a, s, n in functions))
    data = Path(os.environ["NUMBA_CACHE_DIR"]) / "perf.data"
    recorder = subprocess.Popen([perf, "record", "-F", "2000", "-p", str(os.getpid()), "-o",
                                 str(data)], stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    time.sleep(0.5)
    start = time.process_time()
    for seed in range(args.first, args.first + args.deals):
        solver.clear()
        solver.solve(first_lead(name, int(players), None, {}, seed), moves=False)
    cpu = time.process_time() - start
    recorder.send_signal(signal.SIGINT)
    recorder.wait()
    report = subprocess.run([perf, "report", "-i", str(data), "--no-children", "--sort", "sym",
                             "--stdio"], capture_output=True, text=True).stdout
    rows = [line for line in report.splitlines() if "%" in line and not line.startswith("#")]
    print(f"{args.config}, deals {args.first}..{args.first + args.deals - 1}: {cpu:.2f} s CPU, "
          f"{len(functions)} compiled functions mapped")
    for line in rows[:args.top]:
        print(line.rstrip()[:100])
    map_path.unlink(missing_ok=True)
    shutil.rmtree(os.environ["NUMBA_CACHE_DIR"], ignore_errors=True)


if __name__ == "__main__":
    main()
