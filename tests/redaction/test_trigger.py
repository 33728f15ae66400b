"""The trigger that lets quiet text skip the credential passes must fire on every text in which
those passes would find something: over the pattern vectors, the corpus and the rule vectors,
their raw_detail lines, and generated text that mixes them with URLs and escapes."""

import json
from pathlib import Path
from urllib.parse import quote

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from redaction.raw_detail import error_members, json_line
from redaction.scrub import might_hold_credential, scrub_unfiltered
from tests.corpus import corpus
from tests.vectors import all_vectors

PATTERN_VECTORS = json.loads((Path(__file__).resolve().parents[2] / "redaction" / "patterns.vectors.json")
                             .read_text("ascii"))["vectors"]


def finds_something(text: str) -> bool:
    return scrub_unfiltered(text)[0] != text


def texts_of(frame: dict) -> list[str]:
    picked = error_members(frame)
    return [v for v in picked.values() if isinstance(v, str)] + [json_line(picked)]


def test_the_trigger_fires_wherever_the_passes_find_something_in_known_text():
    texts = [v["text"] for v in PATTERN_VECTORS]
    texts += [t for e in corpus.entries() for t in texts_of(e["frame"])]
    texts += [t for v in all_vectors() for t in texts_of(v["input"]["frame"])]
    missed = [t[:120] for t in texts if finds_something(t) and not might_hold_credential(t)]
    assert missed == []


def _url(path: str, query: str) -> str:
    return f"https://api.example.com/{path}?{query}"


urls = st.builds(_url, st.text("abcdefghij/-_.", max_size=40),
                 st.one_of(st.text("abcdef0123=&", max_size=30),             # short and plain
                           st.integers(40, 60).map(lambda n: "&".join(f"k{i}=v{i}" for i in range(n))),  # long
                           st.just("q=%41%42%43%44%45%46%47%48%49%4a%4b%4c%4d%4e%4f%50%51%52%53%54%55%56"),
                           st.just("sig=x&blob=aGVsbG8gd29ybGQgdGhpcyBpcyBhIGxvbmcgYmFzZTY0IHJ1bg")))
# Short secrets after a sensitive key or a scheme: nothing else in them (no long run, no
# vendor prefix) can set the trigger off, so these hold the keyword triggers to account.
KEYS = ["password", "passwd", "pwd", "secret", "client_secret", "token", "access_token", "api_key",
        "apikey", "AccountKey", "credential", "auth", "cookie", "session_id", "sig", "signature"]
keyed = st.builds("{}{}{}".format, st.sampled_from(KEYS),
                  st.sampled_from([": ", "=", " = ", "\": \"", "' => '", "\\u003a"]),
                  st.sampled_from(["Xk9#mQ2vLp", "Zq8-wX3vB7", "hunter2!x"])) | st.builds(
    "{} {}".format, st.sampled_from(["Bearer", "Basic", "Token"]), st.just("Xk9mQ2vLpa8dQ"))
pieces = st.sampled_from([v["text"] for v in PATTERN_VECTORS]) | urls | keyed | st.sampled_from([
    "token", "api key", "http", "session expired", "密钥", "é", "😀", "\n", "\"", "\\", "%", "/"])
spellings = st.sampled_from([
    lambda s: s,
    lambda s: json.dumps(s),
    lambda s: json.dumps(json.dumps(s)),
    lambda s: json.dumps(s, ensure_ascii=False),
    lambda s: quote(s, safe=""),
    lambda s: json.dumps({"error": {"message": s}}),
])
mixed = st.lists(st.tuples(pieces, spellings).map(lambda pair: pair[1](pair[0])), max_size=5).map(" ".join)


@settings(max_examples=400, deadline=None, suppress_health_check=list(HealthCheck))
@given(text=mixed)
def test_the_trigger_fires_wherever_the_passes_find_something_in_generated_text(text):
    assert might_hold_credential(text) or not finds_something(text)
