"""Reading statuses out of provider text stays bounded on text dense with numbers."""

import classifiers.status as status
from classifiers.status import statuses_in


def test_a_stated_status_is_read_at_either_end_of_text_dense_with_numbers():
    numbers = " ".join(str(100 + i % 800) for i in range(20000))
    assert statuses_in("HTTP 503 " + numbers) == (503,)
    assert statuses_in(numbers + " HTTP 429") == (429,)


def test_only_the_first_and_last_numbers_are_judged(monkeypatch):
    judged = []
    original = status._is_status

    def counting(text, start, end, number):
        judged.append(start)
        return original(text, start, end, number)

    monkeypatch.setattr(status, "_is_status", counting)
    statuses_in("400 " * 20000)
    assert len(judged) == status.HEAD_NUMBERS + status.TAIL_NUMBERS
    assert len(set(judged)) == len(judged)


def test_text_with_few_numbers_has_every_number_judged(monkeypatch):
    judged = []
    original = status._is_status
    monkeypatch.setattr(status, "_is_status", lambda *a: judged.append(a[1]) or original(*a))
    statuses_in("code 200, then 404 Not Found, then HTTP 503")
    assert len(judged) == 3


def test_reason_phrases_keep_their_order_where_lower_casing_moves_offsets():
    """'İ' lower-cases to two characters, so phrases are then searched in the original text:
    the 429 written first still comes first."""
    text = "İstanbul edge: Too Many Requests, then upstream Bad Gateway"
    assert len(text.lower()) != len(text)
    assert statuses_in(text) == (429, 502)
    assert statuses_in(text.replace("İ", "I")) == (429, 502)
