"""HTTP statuses written in provider text (rules.md 2b, Layer 1).

Only spellings that tie a number to a status count; a bare number in prose is not a status.
Candidates are the three-digit numbers; each is judged by the few characters around it.
"""

from __future__ import annotations

import re

from classifiers.frame import LEVEL_TAG

# Standard reason phrases; a number counts when followed by its own phrase ("503 Service Unavailable").
REASON_PHRASES: dict[int, tuple[str, ...]] = {
    400: ("bad request",),
    401: ("unauthorized", "unauthorised", "authorization required"),
    402: ("payment required",),
    403: ("forbidden",),
    404: ("not found",),
    405: ("method not allowed",),
    408: ("request timeout", "request time-out"),
    409: ("conflict",),
    413: ("payload too large", "request entity too large", "content too large"),
    415: ("unsupported media type",),
    422: ("unprocessable entity", "unprocessable content"),
    429: ("too many requests",),
    500: ("internal server error",),
    502: ("bad gateway",),
    503: ("service unavailable", "service temporarily unavailable"),
    504: ("gateway timeout", "gateway time-out"),
    529: ("overloaded", "site is overloaded"),
    # Cloudflare's own codes, with the phrases its error pages give them.
    520: ("web server is returning an unknown error",),
    521: ("web server is down",),
    522: ("connection timed out",),
    523: ("origin is unreachable",),
    524: ("a timeout occurred",),
    525: ("ssl handshake failed",),
    526: ("invalid ssl certificate",),
}

# Phrases that are a status on their own, without a number.
STANDALONE_PHRASES: dict[str, int] = {
    "bad request": 400,
    "unauthorized": 401,
    "unauthorised": 401,
    "payment required": 402,
    "forbidden": 403,
    "bad gateway": 502,
    "service unavailable": 503,
    "gateway timeout": 504,
    "gateway time-out": 504,
    "too many requests": 429,
    "request timeout": 408,
    "payload too large": 413,
    "request entity too large": 413,
}
# Each number is judged by a few small searches around it; past this many, a text is a list of
# numbers (tokens, ids, a table), not a sentence about a status, and only its ends are read.
HEAD_NUMBERS, TAIL_NUMBERS = 192, 64
_ALL_PHRASES = "|".join(re.escape(p) for ps in REASON_PHRASES.values() for p in ps)
WINDOW = 48

# Three digits not inside a longer number or a decimal; what may not stand before one is
# checked in code (a leading lookbehind would make `re` try every position of the text).
_NUMBER = re.compile(r"[1-5]\d\d(?!\d|[.,]\d)")

# What may stand right before the number (the text before it must end like this); Guzzle
# writes "resulted in a `529 <unknown status code>` response", clients "Streaming request failed: 429",
# Node SDKs "<Name>Error: 503 {...}" (CAPIError, APIError), logs "providerStatus=404": a
# "status" or "error" may end a longer name, but not a number; the OpenAI Python SDK before 1.0
# closed its APIError with "(HTTP response code was 502)", Alamofire writes "Response status code
# was unacceptable: 429." and Node's ws "Unexpected server response: 401"; that same OpenAI SDK
# before 1.0 also began an APIError with "HTTP code 522 from API (...)"; Julia's HTTP.jl throws
# "HTTP.Exceptions.StatusError(429, ...)".
_PREFIX = re.compile(
    r"(?:\bHTTP(?:/\d(?:\.\d)?)?(?:[ _]?(?:error|status(?:[ _]?code)?|code))?"
    r"|(?<!\d)status(?:[ _]?code)?(?: of| was unacceptable)?|\berror[ _]code"
    r"|\bAPI[ _]Error|(?<!\d)error\s?:"
    r"|\breturned(?: (?:status|HTTP))?|\brespond(?:ed|s) with(?: (?:status(?: code)?|code|HTTP))?"
    r"|\bresponse code(?: was| is)?|\bnon-?200 (?:response|status(?: code)?)"
    r"|\brejected|\bunexpected (?:server )?response"
    r"|\b(?:request|call|stream(?:ing)?(?: request)?) failed\s?:"
    r"|\bresulted in an? `|\bStatusError)"
    r"""\\?["']?\s{0,2}[:=(]?\s{0,2}\\?["']?\s{0,2}\(?$""", re.I)
# An error number under a code name: JSON's "code": 429, or a log's code: 429 / code=429 (an
# exit code is a process's, never a status).
_CODE_NAMED = re.compile(r'"(?:code|http_?code|httpStatusCode)"\s*:\s*"?$|\b(?<!exit )code ?[:=] ?$', re.I)
# "got 500 from provider", "received 502 from upstream": a number a client received from
# somewhere, named by where it came from.
_RECEIVED_BEFORE = re.compile(r"\b(?:got|received|receiving|getting)(?: an?| status| HTTP)? $", re.I)
# "failed with 429", "failed with code 503", "Error 500", "API responded 502", "response status
# is 500", "status code was 429": words after which a bare number is a status when nothing but
# punctuation, the end or a capitalised reason follows it ("lint failed with 429 warnings" and
# "status is 500 of 800 jobs" are counts, rules.md's "Error 529 happened" prose).
_BARE_STATUS_BEFORE = re.compile(
    r"\b(?:failed with(?: code)?|error|responded|status(?:[ _]?code)? (?:is|was)) $", re.I)
# The word for error in Chinese (simplified, traditional), Japanese and Korean, and with it the
# words for failure and exception: a status follows the one ("500错误") and closes a sentence the
# others begin ("请求失败: 401").
_CJK_ERROR = "错误|錯誤|エラー|오류"
_CJK_FAILURE = "失败|失敗|异常|異常|" + _CJK_ERROR
# A failure sentence whose last word, after a colon, is the status alone ("Upload failed after
# 2 retries: 503", "请求失败: 401" with a failure word in Chinese and its full-width colon); words
# that make the number a line, a port or a count say it is not one.
_FAILURE_WORD = (r"(?:\b(?:fail(?:ed|ure|s)?|errors?|errored|exception|could(?: not|n['’]t)|unable to"
                 r"|cannot)\b|" + _CJK_FAILURE + ")")
_FAILURE_SENTENCE_BEFORE = re.compile(
    _FAILURE_WORD +
    r"(?![^\n:]*\b(?:line|row|column|col|index|offset|position|port|host|count|size|length|id|number)\b)"
    r"[^\n:：]{0,60}[:：]\s?$", re.I)
# ...or the sentence names the address it failed at and the status follows the address's colon
# ("Could not fetch resource at https://.../generateCode?authuser=0: 403"); the address may run
# past the window, so this one is looked for further back, and only behind a colon.
_ADDRESS_FAILURE_BEFORE = re.compile(
    _FAILURE_WORD + r"[^\n:：]{0,60}\bhttps?://[^\s\"'<>]+[:：]\s?$", re.I)
ADDRESS_WINDOW = 400
# ...and the sentence ends there: at a line's end, the close of a quoted value, or a request id.
_SENTENCE_END = re.compile(
    r"""\.?[ \t]*(?:\n|$|\\?["'}\]]|\((?:request|trace|correlation)[ _-]?id\b)""", re.I)
# Spring's "<status> - <body>" after the exception that carries it (Spring AI's
# "TransientAiException: 503 - upstream connect error"); the body may start in lower case.
_EXCEPTION_BEFORE = re.compile(r"[a-z]Exception:\s?$")
# The number alone in parentheses right after its reason phrase ("Service Unavailable (503)")
# or right after the failure ("Request failed (503)", "error: (503)", "An unknown error
# occurred (401).", "发生未知错误 (401)。"), the parentheses full-width too.
_PAREN_BEFORE = re.compile(
    r"(?:\b(?:" + _ALL_PHRASES + r"|failed|error(?: occurred)?)|" + _CJK_FAILURE + r"):?\s*[(（]\s*$", re.I)
_PAREN_AFTER = re.compile(r"\s*[)）]")
# A Python exception raised with a message and the status as separate arguments prints as their
# tuple ("('Response code error: ', 524)"): the number closing the tuple counts when the quoted
# message before it would make a number after its colon a status. The message may be longer
# than the window the other readings look back over, so this one looks back further.
_ARGUMENT_TUPLE_BEFORE = re.compile(r"""\(\s?(['"])([^'"\n]{1,80}?[:：])\s?\1,\s?$""")
ARGUMENT_TUPLE_WINDOW = 96
_AFTER_PHRASE = re.compile(r"[ \-:]{1,3}([A-Za-z][A-Za-z \-]{2,30})")
# Words right after the number that make it a status: requests' "429 Client Error", and the
# OpenAI and Anthropic TypeScript SDKs' "503 status code (no body)" for an empty body, and a
# plain "429 error", and the same word in Chinese, Japanese or Korean ("500错误", "429 エラー"),
# and a failed connection said right after it ("401 could not connect to ..."): the server
# answered with the number, so the connection was made.
_STATUS_AFTER = re.compile(
    r" (?:(?:Client|Server) Error|status code|error|(?:could not|couldn't|unable to|failed to"
    r"|cannot|can't) connect)\b| ?(?:" + _CJK_ERROR + ")")
_STANDALONE_ALTERNATION = r"\b(" + "|".join(re.escape(p) for p in STANDALONE_PHRASES) + r")\b"
_STANDALONE = re.compile(_STANDALONE_ALTERNATION, re.I)
# The same phrases searched in lower-cased text without re.I, which `re` runs about twice as
# fast; only where lower-casing kept every offset (it does not for a few letters such as 'İ').
_STANDALONE_LOWER = re.compile(_STANDALONE_ALTERNATION)
# At the very start of the text (rules.md 2b): SDKs render `<status> <Message>` (OpenAI and
# Anthropic TypeScript, google-api-core), the message in any script ("429 当前...") or, when the
# body has no message, the body itself (`429 {...}`); Spring's RestClient `<status> - <Message>`;
# gateways `<status>: {body}`. A number followed by lower case or other punctuation is prose.
# The status and what must follow it: a capitalised or non-Latin message, or a body, or a reason
# joined by a bare colon ("503:overloaded", as a client's label before it already makes it read).
_STATUS_THEN_MESSAGE = r"([45]\d\d)(?: (?:- )?(?=[A-Z{\[]|[^\x00-\x7f])|:\s?(?=[{\[])|:(?=[A-Za-z]))"
# A CLI's failure mark ("❌", "✖", "!") may stand before it.
_LEADING = re.compile(
    r"^\s*(?:[^\w\s\"'{\[(]{1,3}\s*)?(?:Internal error:\s*)?(?:Error:\s*)?" + _STATUS_THEN_MESSAGE)
# ...and the same rendering after a wrapper's own words and colon (full-width in Chinese and
# Japanese front-ends): "failed to call X: 400 Extra inputs ...",
# with Spring's dash too ("Error communicating with X: 402 - Current balance ..."), a message in
# another script, or the body itself, bare or after the Python SDK's dash ("LLM call to
# anthropic: 529 {...}", "Failed to transcribe: 413 - {...}").
_AFTER_COLON_THEN = (r"([45]\d\d)(?: (?:- )?(?=[A-Z][a-z]|[^\x00-\x7f])|(?: - | ?)(?=\{|\[\s*\{)"
                     r"|:(?=[A-Za-z]))")
_AFTER_COLON = re.compile(r":\s" + _AFTER_COLON_THEN)
_AFTER_WIDE_COLON = re.compile(r"：\s?" + _AFTER_COLON_THEN)
# ...and at the start of a message value that a relay or client wrapped in JSON or a Python
# dict ({"error": {"message": "429 Provider returned error"}}, or a JSON-RPC error's "data" that
# a client logged whole), printed as Rust's Debug does
# (`Error { message: "529 ..." }`), or quoted in a Python exception's repr
# (`RuntimeError('429 ...')`).
_QUOTED_LEADING = re.compile(
    r"""["'](?:message|error|details?|msg|data)["']\s*:\s*["']""" + _STATUS_THEN_MESSAGE)
# A logger's level tag a wrapper kept in front of the status ("LLM provider error: [ERROR] 429
# [object Object]", the same inside a JSON message): what follows it is read as the start of
# the text, as it is when the tag starts the text and the log prefix is taken off.
_LEVEL_TAG = re.compile(LEVEL_TAG + r"\s")
_RENDERED_LEADING = re.compile(
    r"""(?:\b(?:message|msg): |(?:Error|Exception)\()["']""" + _STATUS_THEN_MESSAGE)
# Each searched only when the text holds what it starts with: a search that can start at any
# capital letter or colon costs several times the others over a long text.
_RENDERED_MARKS = ("message: ", "msg: ", "Error(", "Exception(")


def _continues_number(before: str) -> bool:
    return before == "." or before.isdecimal()  # isdecimal is what `\d` means in `re`


def _ends_or_capitalised(after: str) -> bool:
    return not after or after[0] in ":;,.)]}\n\"'" or (after[0] == " " and not after[1:].islower())


def _closes_failure_sentence(text: str, before: str, start: int, end: int) -> bool:
    """The number closes a failure sentence after its colon, bare ("...failed: 500."), alone in
    parentheses ("Failed to load response from api.openai.com:\n(429)") or after the address the
    sentence names."""
    if before.endswith("(") and text.startswith(")", end):
        before, end = before[:-1], end + 1
    if not _SENTENCE_END.match(text, end):
        return False
    return bool(_FAILURE_SENTENCE_BEFORE.search(before)
                or before.rstrip().endswith((":", "：")) and _ADDRESS_FAILURE_BEFORE.search(
                    text[max(0, start - ADDRESS_WINDOW):start]))


def _closes_argument_tuple(text: str, start: int, end: int) -> bool:
    if not text.startswith(")", end):  # spares the look back for every other number
        return False
    message = _ARGUMENT_TUPLE_BEFORE.search(text[max(0, start - ARGUMENT_TUPLE_WINDOW):start])
    return bool(message) and bool(
        _PREFIX.search(message.group(2)) or _FAILURE_SENTENCE_BEFORE.search(message.group(2)))


def _is_status(text: str, start: int, end: int, number: int) -> bool:
    before = text[max(0, start - WINDOW):start]
    if _PREFIX.search(before):
        return True
    if number >= 400 and _closes_argument_tuple(text, start, end):
        return True
    if number >= 400 and _CODE_NAMED.search(before):
        return True
    if before.endswith("[") and text.startswith("]", end):
        return True
    if _PAREN_BEFORE.search(before) and _PAREN_AFTER.match(text, end, end + 4):
        return True
    if number >= 400 and _STATUS_AFTER.match(text, end):
        return True
    if text.startswith(" - ", end) and _EXCEPTION_BEFORE.search(before):
        return True
    if number >= 400 and _closes_failure_sentence(text, before, start, end):
        return True
    if _BARE_STATUS_BEFORE.search(before) and _ends_or_capitalised(text[end:end + 2]):
        return True
    if number >= 400 and text.startswith(" from ", end) and _RECEIVED_BEFORE.search(before):
        return True
    phrase = _AFTER_PHRASE.match(text, end, end + WINDOW)
    return bool(phrase) and phrase.group(1).lower().startswith(REASON_PHRASES.get(number, ("\0",)))


def _judged_numbers(text: str) -> list[re.Match]:
    """The three-digit numbers worth judging: all of them, or on text dense with numbers (an
    echoed token list, a table) the first and the last few, where a status is written."""
    numbers = [m for m in _NUMBER.finditer(text)
               if not (m.start() and _continues_number(text[m.start() - 1]))]
    if len(numbers) <= HEAD_NUMBERS + TAIL_NUMBERS:
        return numbers
    return numbers[:HEAD_NUMBERS] + numbers[-TAIL_NUMBERS:]


def statuses_in(text: str) -> tuple[int, ...]:
    """Every status the text states, in order of appearance, without repeats (the rules hand
    over a long field's head and tail only, see Frame.match_text)."""
    found: list[tuple[int, int]] = []
    for match in _judged_numbers(text):
        number = int(match.group())
        if _is_status(text, match.start(), match.end(), number):
            found.append((match.start(), number))
    lowered = text.lower()
    if any(phrase in lowered for phrase in STANDALONE_PHRASES):
        phrases = (_STANDALONE_LOWER.finditer(lowered) if len(lowered) == len(text)
                   else _STANDALONE.finditer(text))
        found += [(m.start(), STANDALONE_PHRASES[m.group(1).lower()]) for m in phrases]
    ordered: list[int] = []
    for _, status in sorted(found):
        if status not in ordered:
            ordered.append(status)
    return tuple(ordered)


def leading_status(text: str) -> tuple[int, ...]:
    found = _leading_match(text)
    if not found and "]" in text:
        tag = _LEVEL_TAG.search(text)
        found = tag and _LEADING.match(text[tag.end():])
    return (int(found.group(1)),) if found else ()


def _leading_match(text: str) -> re.Match | None:
    return (_LEADING.match(text) or _AFTER_COLON.search(text) or _QUOTED_LEADING.search(text)
             or ("：" in text and _AFTER_WIDE_COLON.search(text))
             or (any(mark in text for mark in _RENDERED_MARKS) and _RENDERED_LEADING.search(text)))


def accepted_statuses(specs, exceptions=()) -> frozenset[int]:
    """Every status one of the specs accepts, an exact status ("429") or a class ("4xx"), the
    exceptions left out: a rule then asks one set question instead of matching each spec."""
    accepted: set[int] = set()
    for spec in specs:
        hundreds = int(spec[0]) * 100
        accepted |= set(range(hundreds, hundreds + 100)) if spec.endswith("xx") else {int(spec)}
    return frozenset(accepted - {int(s) for s in exceptions})
