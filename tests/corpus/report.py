"""`make corpus-report`: agreement of classify with the corpus, by kind and by origin."""

from __future__ import annotations

from collections import defaultdict

import classifiers
from tests.corpus.corpus import UNSEEN_KIND_BAR, UNSEEN_VERDICT_BAR, entries, expected, held_out_origins


def _row(name: str, stats: list[int]) -> str:
    total, kind_ok, verdict_ok = stats
    return f"  {name:<34} {total:>5} {100 * kind_ok / total:>7.1f}% {100 * verdict_ok / total:>7.1f}%"


def _table(title: str, groups: dict[str, list[int]]) -> list[str]:
    lines = [title, f"  {'':<34} {'n':>5} {'kind':>8} {'verdict':>8}"]
    lines += [_row(name, stats) for name, stats in sorted(groups.items())]
    return lines


def _against_bars(stats: list[int], origins: int) -> str:
    total, kind_ok, verdict_ok = stats
    met = kind_ok / total >= UNSEEN_KIND_BAR and verdict_ok / total >= UNSEEN_VERDICT_BAR
    return (f"  held-out slice: {origins} origins; issue 8's bars for unseen sources are kind "
            f"{UNSEEN_KIND_BAR:.0%} and verdict {UNSEEN_VERDICT_BAR:.0%}: {'met' if met else 'NOT met'}")


def report() -> str:
    held_out = held_out_origins()
    by_kind: dict[str, list[int]] = defaultdict(lambda: [0, 0, 0])
    by_origin: dict[str, list[int]] = defaultdict(lambda: [0, 0, 0])
    slices: dict[str, list[int]] = defaultdict(lambda: [0, 0, 0])
    labels = [0, 0, 0]
    for entry in entries():
        answer = classifiers.classify(entry["frame"], entry["backend"])
        kind, transient = expected(entry)
        hit = [1, answer.kind == kind, answer.transient == transient]
        label_hit = [1, answer.kind == entry["kind"], answer.transient == entry["transient"]]
        part = "held-out origins" if entry["origin"] in held_out else "rules written from"
        for stats in (by_kind[kind], by_origin[entry["origin"]], slices[part], slices["all"]):
            for i, value in enumerate(hit):
                stats[i] += value
        labels = [a + b for a, b in zip(labels, label_hit)]
    lines = _table("Agreement with the spec-reconciled labels, by slice:", slices)
    lines.append(_row("all, raw labels (no spec notes)", labels))
    lines.append(_against_bars(slices["held-out origins"], len(held_out)))
    lines += [""] + _table("By expected kind:", by_kind)
    lines += [""] + _table("By origin:", by_origin)
    return "\n".join(lines)


if __name__ == "__main__":
    print(report())
