"""Properties over generated input (hypothesis): classify never raises for any JSON frame, scrub
is idempotent, and raw_detail is always one ASCII line of at most 2000 characters."""

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import classifiers
from classifiers.frame import Frame, decode_entities, decode_escapes, plain_spaces, without_ansi
from redaction import render_raw_detail, scrub

json_scalars = st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False, allow_infinity=False) | st.text()
json_values = st.recursive(json_scalars, lambda inner: st.lists(inner, max_size=4)
                           | st.dictionaries(st.text(max_size=12), inner, max_size=4), max_leaves=20)
provider_words = st.sampled_from([
    "HTTP 503", "429", "Rate limited", "The security token included in the request is invalid",
    "AKIAIOSFODNN7EXAMPLE", "password=hunter22x", "https://example.com/?token=abc123def",
    "ECONNREFUSED 127.0.0.1:443", "\u2028", "\\u00e9", "%2F", "-----BEGIN PRIVATE KEY-----",
    "Invalid model ID: x", "usage limit", "sk-proj-" + "a" * 30, "\ud800", "{\"type\":\"error\"}",
    "\n", "\\n", "│", "   │\n│   ", "\n│\n"])
texts = st.lists(st.text(max_size=30) | provider_words, max_size=8).map(" ".join)
frames = st.fixed_dictionaries({}, optional={
    "code": st.none() | st.integers(min_value=-2**40, max_value=2**40),
    "message": st.none() | texts,
    "data": json_values | texts,
    "error": st.dictionaries(st.sampled_from(["code", "message", "data"]), json_values | texts, max_size=3),
})
FAST = settings(max_examples=300, deadline=None, suppress_health_check=list(HealthCheck))


@FAST
@given(frame=frames, backend=st.sampled_from(["", "kas", "claude", "codex", "goose", "nobody"]),
       models=st.none() | st.lists(st.text(max_size=10), max_size=3),
       hints=st.none() | st.fixed_dictionaries({}, optional={
           "http_status": st.integers(100, 599), "retry_after_s": st.floats(0, 1e6),
           "should_retry": st.booleans()}))
def test_classify_never_raises_and_answers_the_documented_shape(frame, backend, models, hints):
    answer = classifiers.classify(frame, backend, models, hints).as_dict()
    assert answer["kind"] in classifiers.ruleset().kinds
    assert answer["transient"] is (answer["retry"] is not None) or answer["kind"] == "prompt_busy"
    assert answer["user_worded"] or answer["raw_detail"] == ""


@FAST
@given(text=texts)
def test_scrub_is_idempotent(text):
    once, _ = scrub(text)
    assert scrub(once) == (once, 0)


@FAST
@given(frame=frames)
def test_raw_detail_is_one_ascii_line_of_at_most_2000_characters(frame):
    line = render_raw_detail(frame)
    assert line.isascii() and "\n" not in line and "\r" not in line and len(line) <= 2000


def test_classify_never_raises_for_frames_nested_past_the_stack():
    deep: list = []
    for _ in range(5000):
        deep = [deep]
    answer = classifiers.classify({"code": -32603, "data": deep}, "").as_dict()
    assert answer["kind"] == "unknown" and len(answer["raw_detail"]) <= 2000


escaped_texts = st.lists(st.sampled_from(["\\", "\\\\", "\\n", "\\\"", "\\u00e9", "\\'", "u00", "n", " ", "x"])
                         | st.text(max_size=6), max_size=12).map("".join)


@FAST
@given(data=escaped_texts, message=escaped_texts)
def test_the_haystack_is_the_two_fields_decoded_whole(data, message):
    """Frame.match_text builds a short haystack from the fields' own decodings; that must be
    what decoding the joined text whole gives: escapes decoded, a terminal's colour sequences
    dropped, HTML entities read as characters and extra spaces read as one."""
    read = Frame.read({"code": -32603, "message": message, "data": data})
    joined = f"{read.data_text}\n{read.message_text}"
    whole = plain_spaces(decode_entities(without_ansi(decode_escapes(joined))))
    assert read.match_text("haystack") == whole
