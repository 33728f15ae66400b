"""Redaction in linear time: 1 MiB of ordinary error text against 1 MiB of adversarial text
(long runs of near-matches for every pattern). Bar: adversarial under 250 ms, within 3x."""

from __future__ import annotations

import base64
import random
import string

from bench.timing import interleaved, median_ms
from redaction import scrub

MIB = 1 << 20
ORDINARY_LINES = (
    'API Error: 529 {"type":"error","error":{"type":"overloaded_error","message":"Overloaded"}} ',
    "The security token included in the request is invalid. (request_id: 3f2a9c1e-8b7d-4b2b) ",
    "connect ECONNREFUSED 127.0.0.1:443 while calling https://api.example.com/v1/messages ",
    "You've hit your limit · resets 5:50pm (Europe/Berlin). See https://docs.anthropic.com/en/api/errors ",
    "arn:aws:bedrock:us-east-1::foundation-model/anthropic.claude-3-5-sonnet-20241022-v2:0 throttled\n",
)


def ordinary_text(size: int = MIB) -> str:
    rnd = random.Random(1)
    parts, total = [], 0
    while total < size:
        line = rnd.choice(ORDINARY_LINES)
        parts.append(line)
        total += len(line)
    return "".join(parts)[:size]


def _near_misses(rnd: random.Random) -> list:
    """One generator a family: each yields a fresh near-match (one character short, no value,
    wrong prefix, decodes to harmless text, ...), so neither caches nor repetition help."""
    def word(n, alphabet=string.ascii_letters + string.digits):
        return "".join(rnd.choice(alphabet) for _ in range(n))
    upper = string.ascii_uppercase + string.digits
    return [
        lambda: "AKIA" + word(15, upper) + " ",
        lambda: "ghp_" + word(29) + " ",
        lambda: "github_pat_" + word(21) + " ",
        lambda: "glpat-" + word(19) + " ",
        lambda: "xoxb-" + word(9) + " ",
        lambda: "sk_live_" + word(15) + " ",
        lambda: "SG." + word(15) + "." + word(15) + " ",
        lambda: "sk-ant-" + word(19) + " ",
        lambda: "sk-" + word(19) + " ",
        lambda: "AIza" + word(34) + " ",
        lambda: "eyJ" + word(20) + "." + word(20) + " ",
        lambda: "npm_" + word(35) + " ",
        lambda: "pypi-" + word(49) + " ",
        lambda: word(9, string.digits) + ":AA" + word(32) + " ",
        lambda: "M" + word(24) + "." + word(5) + "." + word(30) + " ",
        lambda: "password: " + word(6, string.ascii_lowercase) + " ",
        lambda: '"api_key": "" ',
        lambda: "token=" + word(3) + "&",
        lambda: "Authorization: Bearer " + word(6, string.ascii_lowercase) + " ",
        lambda: "-----BEGIN PRIVATE KEY----- is the header " + word(8) + " ",
        lambda: "postgres://" + word(8) + "@" + word(6) + " ",
        lambda: "https://example.com/" + word(8) + "?q=" + word(12) + "&r=1 ",
        lambda: word(39, string.ascii_letters + string.digits + "/+") + " ",
        lambda: base64.b64encode(("plain words " + word(30, string.ascii_lowercase + " ")).encode()).decode() + " ",
        lambda: "%" + word(2, "0123456789ABCDEF") + word(10) + "\\u00" + word(2, "0123456789abcdef") + "\\/" + word(8) + " ",
    ]


def adversarial_text(size: int = MIB) -> str:
    """Long runs of near-matches for every pattern, one family after another (rules.md 6)."""
    rnd = random.Random(2)
    families = _near_misses(rnd)
    share = size // len(families) + 1
    parts = []
    for family in families:
        run_length = 0
        while run_length < share:
            piece = family()
            parts.append(piece)
            run_length += len(piece)
    return "".join(parts)[:size]


def run(rounds: int = 5) -> dict[str, float]:
    ordinary, adversarial = ordinary_text(), adversarial_text()
    times_ordinary, times_adversarial = interleaved(lambda: scrub(ordinary), lambda: scrub(adversarial), rounds)
    result = {"ordinary_ms": median_ms(times_ordinary), "adversarial_ms": median_ms(times_adversarial)}
    result["ratio"] = result["adversarial_ms"] / result["ordinary_ms"]
    return result


def report(result: dict[str, float]) -> str:
    verdict = "meets" if result["adversarial_ms"] < 250 and result["ratio"] <= 3 else "MISSES"
    return (f"redaction, 1 MiB: ordinary {result['ordinary_ms']:.0f} ms, adversarial "
            f"{result['adversarial_ms']:.0f} ms, ratio {result['ratio']:.2f} "
            f"({verdict} the bar: adversarial < 250 ms and ratio <= 3)")


if __name__ == "__main__":
    print(report(run()))
