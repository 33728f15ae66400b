"""The pattern table's derived prefilters say only what every match must contain."""

import json
from pathlib import Path

import pytest

from redaction.entropy import ascii_lower
from redaction.table import TABLE, leading_literal

VECTORS = json.loads((Path(__file__).resolve().parents[2] / "redaction" / "patterns.vectors.json")
                     .read_text("ascii"))["vectors"]


@pytest.mark.parametrize("source,literal", [
    ("sk-ant-[A-Za-z0-9_-]{20,255}", "sk-ant-"),
    (r"ya29\.[A-Za-z0-9_-]{20,2048}", "ya29."),
    ("passwords?:", "password"),          # an optional character ends it
    ("ab+c", "a"),                         # so does a repeated one
    ("ab|cd", ""),                         # top-level alternatives share no start
    ("(?:ab|cd)e", ""),                    # a group is not read into
    ("a[|]b", "a"),                        # a class is where it stops, its | is no alternative
    (r"\(x\)", "(x)"),
    ("://(?P<secret>[^@]+)@", "://"),
])
def test_leading_literal(source, literal):
    assert leading_literal(source) == literal


def test_every_match_in_the_vectors_starts_with_its_needle():
    """Run each regex without its prefilter on every vector text: whatever it matches must
    start with the needle, or the prefilter would have skipped a real match."""
    texts = [v["text"] for v in VECTORS]
    checked = 0
    for pattern in TABLE.patterns:
        for regex, needle in zip(pattern.regexes, pattern.needles):
            for text in texts:
                subject = ascii_lower(text) if pattern.lowered else text
                for match in regex.finditer(subject):
                    assert match.group().startswith(needle), (pattern.id, needle, match.group())
                    checked += 1
    assert checked > 150
