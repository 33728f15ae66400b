"""The matching engine answers as `re` does (classifiers/engine.py).

On plain ASCII text a pattern is confirmed by RE2 (the Set's own pass, or the exact pattern in
RE2) instead of `re`. For every rule pattern and every field text of the vectors and the corpus,
and for generated ASCII text built from the patterns' own words, the engine's answer must equal
`re.search` on the same text.
"""

import json
import re
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import classifiers
from classifiers.engine import SHORT_TEXT, Alternatives, Confirmed, Exact, PatternSets, is_plain_ascii
from classifiers.frame import Frame
from classifiers.rule import Facts
from tests.vectors import all_vectors

CORPUS = Path(__file__).resolve().parents[1] / "corpus"


def matchers() -> list[tuple[str, str, Exact]]:
    found = []
    for rule in classifiers.ruleset().rules:
        for part in ("pattern", "names", "unless"):
            matcher = getattr(rule, part)
            if matcher is not None:
                found.append((f"{rule.id}.{part}", rule.field, matcher))
    return found


def sample_frames() -> list[dict]:
    frames = [v["input"]["frame"] for v in all_vectors()]
    for path in sorted(CORPUS.glob("*.jsonl")):
        frames += [json.loads(line)["frame"] for line in path.read_text().splitlines() if line.strip()]
    return frames


def engine_answer(matcher: Exact, field: str, frame: dict) -> bool:
    facts = Facts(Frame.read(dict(frame)), "", None, None, classifiers.ruleset().pattern_sets)
    return matcher.occurs(facts, field)


def reference_answer(matcher: Exact, field: str, frame: dict) -> bool:
    return matcher.regex.search(Frame.read(dict(frame)).match_text(field)) is not None


def read_samples() -> list[tuple[dict, Facts, Frame]]:
    """Each sample read once: one Facts serves every matcher, as in one classification."""
    sets = classifiers.ruleset().pattern_sets
    samples = []
    for frame in sample_frames():
        read = Frame.read(dict(frame))
        samples.append((frame, Facts(read, "", None, None, sets), read))
    return samples


MATCHERS = matchers()
FRAMES = sample_frames()
SAMPLES = read_samples()


def test_most_samples_take_the_fast_path():
    plain = [f for f in FRAMES if is_plain_ascii(Frame.read(dict(f)).match_text("haystack"))]
    assert len(plain) > len(FRAMES) / 2


@pytest.mark.parametrize("name,field,matcher", MATCHERS, ids=[m[0] for m in MATCHERS])
def test_engine_agrees_with_re_on_every_sample(name, field, matcher):
    disagree = [frame for frame, facts, read in SAMPLES
                if matcher.occurs(facts, field) != (matcher.regex.search(read.match_text(field)) is not None)]
    assert not disagree, disagree[:3]


def pattern_words() -> list[str]:
    """Literal runs of the rule patterns, so generated text meets the alternatives."""
    words = set()
    for _, _, matcher in MATCHERS:
        words.update(w for w in re.findall(r"[A-Za-z][A-Za-z _-]{2,30}", matcher.regex.pattern))
    return sorted(words)


ascii_noise = st.text(st.characters(min_codepoint=0, max_codepoint=127), max_size=8)
ascii_texts = st.lists(st.sampled_from(pattern_words()) | ascii_noise, max_size=8).map(" ".join)


@settings(max_examples=300, deadline=None, suppress_health_check=list(HealthCheck))
@given(text=ascii_texts, upper=st.booleans())
def test_engine_agrees_with_re_on_generated_ascii(text, upper):
    frame = {"code": -32603, "message": "Internal error", "data": text.upper() if upper else text}
    for _, field, matcher in MATCHERS:
        assert engine_answer(matcher, field, frame) == reference_answer(matcher, field, frame)


# Letters, spaces and digits that `re` reads as word, space or digit characters and RE2 does not.
unicode_neighbours = st.sampled_from(["é", "ü", "ı", "ş", "ß", "ж", "中", "\u00a0", "\u3000", "\u2009", "８", "٣", "\x0b", "\x1f"])
mixed_parts = st.lists(st.sampled_from(pattern_words()) | unicode_neighbours | ascii_noise, max_size=10)
mixed_texts = mixed_parts.map("".join) | mixed_parts.map(" ".join)


@settings(max_examples=300, deadline=None, suppress_health_check=list(HealthCheck))
@given(text=mixed_texts)
def test_engine_agrees_with_re_when_words_meet_non_ascii_characters(text):
    """A word boundary, word, space or digit class next to a character outside ASCII: `re`
    reads it by Unicode, RE2 by ASCII, and the Set pass must never drop what `re` finds."""
    frame = {"code": -32603, "message": "Internal error", "data": text}
    for _, field, matcher in MATCHERS:
        assert engine_answer(matcher, field, frame) == reference_answer(matcher, field, frame)


def test_a_boundary_after_a_non_ascii_letter_is_still_found():
    """'yüklü' ends in a letter for `re` and in a non-word byte for RE2."""
    sets = PatternSets()
    matcher = sets.add("data", r"\bsunucu aşırı yüklü\b|\bz\w+\s\d\b", True)
    sets.compile()

    def occurs(text: str) -> bool:
        return matcher.occurs(Facts(Frame.read({"data": text}), "", None, None, sets), "data")

    assert occurs("Sunucu aşırı yüklü")
    assert occurs("zé\u3000８")
    assert not occurs("Sunucu aşırı yüklüx")


def counted_branches() -> list[tuple[str, str, Confirmed]]:
    """Every branch confirmed by its exact form in RE2 on long text: one with counted
    repetitions that its Set entry alone cannot decide."""
    found = []
    for name, field, matcher in MATCHERS:
        branches = matcher.by_entry.values() if isinstance(matcher, Alternatives) else [matcher]
        found += [(name, field, b) for b in branches if isinstance(b, Confirmed)
                  and b.exact_re2 is not None and b.counted and not b.set_decides]
    return found


COUNTED = counted_branches()


@pytest.mark.parametrize("gap", [1, 500])
def test_counted_branches_agree_with_re_when_their_words_are_near_and_far(gap):
    """A branch's own words, once side by side and once farther apart than any bound, on text
    past SHORT_TEXT: the loosened form occurs in both, the exact one only where the gaps allow,
    and RE2's exact form must say what `re` says."""
    assert len(COUNTED) > 20
    disagree = []
    for name, field, branch in COUNTED:
        words = re.findall(r"[A-Za-z][A-Za-z ]{2,30}", branch.regex.pattern)
        text = "q" * SHORT_TEXT + " " + ("z" * gap).join(f" {w} " for w in words)
        frame = {"code": -32603, "message": text, "data": text}
        facts = Facts(Frame.read(frame), "", None, None, classifiers.ruleset().pattern_sets)
        if branch.occurs(facts, field) != (branch.regex.search(facts.text(field)) is not None):
            disagree.append(name)
    assert not disagree, disagree[:5]


def test_an_alternation_confirms_every_branch_the_set_saw():
    """Branches whose loosened forms occur but whose exact forms do not must not hide the one
    that does match, whichever order the Set reports them in."""
    sets = PatternSets()
    matcher = sets.add("data", r"ab[^\n]{0,2}c|de[^\n]{0,2}f|gh[^\n]{0,2}i|xyz", True)
    sets.compile()
    assert isinstance(matcher, Alternatives) and len(matcher.entries) == 4

    def occurs(text: str) -> bool:
        return matcher.occurs(Facts(Frame.read({"data": text}), "", None, None, sets), "data")

    assert occurs("ab-----c de-----f gh-----i xyz")
    assert not occurs("ab-----c de-----f gh-----i")
    assert occurs("de-f")
