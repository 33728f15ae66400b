"""The core of this tree against the core of an earlier commit, side by side.

    .venv/bin/python -m bench.against_ref <git-ref> [pairs]

The earlier commit's `classifiers/` and `redaction/` are exported to a temporary directory; each
pair then runs one process per core, alternately, on the same inputs of this tree (the corpus
messages and the 1 MiB near-miss-credentials body), so drift on this noisy machine hits both.
Printed per pair: this tree's time over the earlier one's (corpus median per message over one
pass; the median of each message's best of four passes, which the machine's bursts of load touch
less; and the body's first and warm classification).
"""

from __future__ import annotations

import json
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
CORE = ("classifiers", "redaction")

# Run in a child process whose path puts one core first: prints its timings as JSON.
_MEASURE = r"""
import json, statistics, sys, time
sys.path[:0] = [sys.argv[1], sys.argv[2]]
import classifiers
from bench import redaction_linear
from tests.corpus.corpus import entries

BEST_OF = 4

def seconds(frame, backend=""):
    start = time.perf_counter()
    classifiers.classify(frame, backend)
    return time.perf_counter() - start

classifiers.ruleset()
body = {"code": -32603, "message": "Internal error", "data": redaction_linear.adversarial_text(1_000_000)}
first, warm = seconds(body), seconds(body)
messages = [(e["frame"], e["backend"]) for e in entries()]
for frame, backend in messages:
    seconds(frame, backend)
passes = [[seconds(frame, backend) for frame, backend in messages] for _ in range(BEST_OF)]
best = [min(times) for times in zip(*passes)]
print(json.dumps({"corpus_median_us": statistics.median(passes[0]) * 1e6,
                  f"corpus_best_of_{BEST_OF}_us": statistics.median(best) * 1e6,
                  "body_first_ms": first * 1e3, "body_warm_ms": warm * 1e3}))
"""


def export(ref: str, into: Path) -> None:
    archive = subprocess.run(["git", "-C", str(ROOT), "archive", ref, *CORE], check=True, capture_output=True)
    subprocess.run(["tar", "-x", "-C", str(into)], input=archive.stdout, check=True)


def measure(core: Path) -> dict[str, float]:
    run = subprocess.run([sys.executable, "-c", _MEASURE, str(core), str(ROOT)],
                         check=True, capture_output=True, text=True, cwd=ROOT)
    return json.loads(run.stdout)


def main() -> None:
    ref, pairs = sys.argv[1], int(sys.argv[2]) if len(sys.argv) > 2 else 4
    with tempfile.TemporaryDirectory() as earlier:
        export(ref, Path(earlier))
        for pair in range(1, pairs + 1):
            now, then = measure(ROOT), measure(Path(earlier))
            ratios = ", ".join(f"{name} {now[name] / then[name]:.2f} ({now[name]:.0f} vs {then[name]:.0f})"
                               for name in now)
            print(f"pair {pair}, this tree over {ref}: {ratios}", flush=True)


if __name__ == "__main__":
    main()
