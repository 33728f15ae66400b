"""Re-measure a harvested batch as it was first measured: classified by the rules as they stood
just before the commit that added it, before any rule learned from it.

    .venv/bin/python -m tests.corpus.first_sight tests/corpus/harvest_2026_11_30_c.jsonl

Prints agreement with the raw labels, split into origins new to the corpus at that point and
new wordings of origins it already held (holdout.json records the same figures per batch).
"""

from __future__ import annotations

import json
import subprocess
import sys
import tempfile
from pathlib import Path

from tests.corpus.corpus import CORPUS_DIR, ENTRY_KEYS

ROOT = CORPUS_DIR.parent.parent
_CLASSIFY = """
import json, sys
import classifiers
for line in sys.stdin:
    entry = json.loads(line)
    answer = classifiers.classify(entry["frame"], entry["backend"])
    print(json.dumps([answer.kind, answer.transient]))
"""


def _git(*args: str) -> str:
    return subprocess.run(["git", *args], cwd=ROOT, capture_output=True, text=True, check=True).stdout


def _origins_before(revision: str) -> set[str]:
    origins = set()
    for path in _git("ls-tree", "--name-only", revision, "tests/corpus/").split():
        if path.endswith(".jsonl"):
            origins |= {json.loads(line)["origin"] for line in _git("show", f"{revision}:{path}").splitlines()
                        if line.strip()}
    return origins


def first_sight(batch: Path) -> str:
    relative = batch.resolve().relative_to(ROOT).as_posix()
    added = _git("log", "--diff-filter=A", "--format=%H", "--", relative).split()[-1]
    before = f"{added}^"
    entries = [json.loads(line) for line in batch.read_text("utf-8").splitlines() if line.strip()]
    assert all(ENTRY_KEYS <= set(e) for e in entries)
    with tempfile.TemporaryDirectory() as tree:
        archive = subprocess.run(["git", "archive", before, "classifiers", "redaction"], cwd=ROOT,
                                 capture_output=True, check=True).stdout
        subprocess.run(["tar", "-x", "-C", tree], input=archive, check=True)
        done = subprocess.run([sys.executable, "-c", _CLASSIFY], cwd=tree, capture_output=True, text=True,
                              input="".join(json.dumps(e) + "\n" for e in entries), check=True)
    answers = [tuple(json.loads(line)) for line in done.stdout.splitlines()]
    known = _origins_before(before)
    lines = [f"{relative}, rules of {before[:7]}^ (before it was added):"]
    for label, group in (("new origins", lambda e: e["origin"] not in known),
                         ("known origins", lambda e: e["origin"] in known)):
        pairs = [(e, a) for e, a in zip(entries, answers) if group(e)]
        if pairs:
            kind = sum(a[0] == e["kind"] for e, a in pairs)
            verdict = sum(a[1] == e["transient"] for e, a in pairs)
            origins = len({e["origin"] for e, _ in pairs})
            lines.append(f"  {label}: {len(pairs)} entries from {origins} origins, "
                         f"kind {kind}/{len(pairs)}, verdict {verdict}/{len(pairs)}")
    return "\n".join(lines)


if __name__ == "__main__":
    for argument in sys.argv[1:] or sorted(str(p) for p in CORPUS_DIR.glob("harvest_2026_11_30_*.jsonl")):
        print(first_sight(Path(argument)))
