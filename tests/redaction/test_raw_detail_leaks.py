"""raw_detail never leaks a credential the scrubber knows, wherever in a frame it stands.

Every secret of the pattern vectors that is found on its own is planted beside characters that
JSON rendering escapes (control characters, quotes, backslashes, non-ASCII), in each frame
member, and as JSON text wrapped in JSON strings. No 16-character window of it may survive.
"""

import json
from pathlib import Path

import pytest

from redaction import render_raw_detail, scrub_text

VECTORS = json.loads((Path(__file__).resolve().parents[2] / "redaction" / "patterns.vectors.json")
                     .read_text("ascii"))["vectors"]
NEIGHBOURS = ["\n{}\n", "\t{}\t", "\r\n{}", "\b{}\f", "\"{}\"", "\\{}\\", "é{}é", "密钥{}。",
              "\u2028{}", "😀{}😀"]
PLACES = [
    lambda text: {"code": -32603, "message": "Internal error", "data": text},
    lambda text: {"code": -32603, "message": text},
    lambda text: {"code": -32000, "data": {"error": {"details": [text]}}},
    lambda text: {"code": -32603, "data": json.dumps({"error": {"message": text}})},
    lambda text: {"code": -32603, "data": json.dumps(json.dumps({"message": text}))},
]


def found_alone(secret: str) -> bool:
    return secret not in scrub_text(f" {secret} ")


SECRETS = sorted({s for v in VECTORS if v["expect"].get("redacted")
                  for s in v["expect"].get("secrets", []) if found_alone(s)})


def survives(line: str, secret: str) -> bool:
    return any(secret[i:i + 16] in line for i in range(max(1, len(secret) - 15)))


def test_there_are_secrets_to_plant():
    assert len(SECRETS) >= 30


@pytest.mark.parametrize("secret", SECRETS)
def test_secret_never_survives_rendering(secret):
    leaked = [(neighbours, place_index)
              for neighbours in NEIGHBOURS
              for place_index, place in enumerate(PLACES)
              if survives(render_raw_detail(place(neighbours.format(secret))), secret)]
    assert not leaked
