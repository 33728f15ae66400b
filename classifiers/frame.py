"""Reading a JSON-RPC error frame into the texts the rules look at (rules.md section 1)."""

from __future__ import annotations

import html
import json
import re
from dataclasses import dataclass, field
from typing import Any

from redaction.spellings import json_escape_char

BOILERPLATE_MESSAGE = "internal error"
_STREAM_ENVELOPE = re.compile(r"^\s*Encountered an error in the response stream:\s*", re.I)
_TRAILING_REQUEST_ID = re.compile(r"\s*\(request_id:\s*[0-9a-f][0-9a-f-]*\)\s*$", re.I)
# JSON's escapes, and the apostrophe escaped as a quoted string in Python or JavaScript source
# carries it ("the model\'s context length"): a rule reads the character, not its spelling.
_JSON_ESCAPE = re.compile(r"\\(u[0-9a-fA-F]{4}|[\"\\/bfnrt'])")
MAX_ESCAPE_LEVELS = 3
# Rules read a very long field's head and tail: an error states itself near the start or the
# end; the middle of a megabyte is echoed payload. Keeps matching bounded on the largest bodies
# (redaction still reads everything).
HEAD_CHARS, TAIL_CHARS = 65536, 16384
# Built once: json.dumps with any non-default option builds a new encoder on every call.
_COMPACT = json.JSONEncoder(separators=(",", ":"), ensure_ascii=False)
_REQUEST_ID = re.compile(r"request[_\s]id ?[:=] ?([0-9a-f][0-9a-f-]*)", re.I)


def compact_json(value: Any) -> str:
    """Compact JSON text (keys in input order, non-ASCII kept); a value nested too deeply to
    render becomes a short note instead of an error: classify never raises."""
    try:
        return _COMPACT.encode(value)
    except (RecursionError, ValueError, TypeError):
        return '"[value nested too deeply to render]"'


def as_text(value: Any) -> str:
    """A frame member as text: strings as they are, other JSON as compact JSON, absent as ""."""
    if value is None:
        return ""
    if isinstance(value, str):
        return value
    return compact_json(value)


def parse_object(text: str) -> dict | None:
    """The object a string holds when the whole string is one JSON object, else None."""
    stripped = text.strip()
    if not stripped.startswith("{"):
        return None
    try:
        value = json.loads(stripped)
    except ValueError:
        return None
    return value if isinstance(value, dict) else None


def unwrap_envelope(text: str) -> str | None:
    """codex-acp's `{"type":"error","error":{"message":...},"status":N}` as `<message> (HTTP N)`."""
    obj = parse_object(text)
    if obj is None or obj.get("type") != "error":
        return None
    error, status = obj.get("error"), obj.get("status")
    if not isinstance(error, dict) or isinstance(status, bool) or not isinstance(status, int):
        return None
    message = error.get("message")
    if not isinstance(message, str) or not message.strip():
        return None
    return f"{message} (HTTP {status})"


def decode_escapes(text: str) -> str:
    """JSON escapes decoded, up to three levels deep (JSON text inside JSON strings), so a
    newline is a newline and a quote a quote wherever the provider's text was nested."""
    for _ in range(MAX_ESCAPE_LEVELS):
        if "\\" not in text:
            break
        text = _JSON_ESCAPE.sub(json_escape_char, text)
    return text


# A terminal's colour and cursor sequences, kept when an agent's stderr is captured as it was.
_ANSI = re.compile(r"\x1b\[[0-9;?]*[ -/]*[@-~]")


def without_ansi(text: str) -> str:
    """The text without the ANSI escape sequences a captured terminal leaves in it."""
    return _ANSI.sub("", text) if "\x1b" in text else text


_ENTITY = re.compile(r"&(?:#\d{1,6}|#[xX][0-9a-fA-F]{1,6}|[A-Za-z]{2,8});")


def decode_entities(text: str) -> str:
    """HTML entities read as the characters they stand for: text scraped from a web page keeps
    them ("Post &quot;http://...&quot;: EOF"), and a rule reads the character."""
    if "&" not in text or not _ENTITY.search(text):
        return text
    return html.unescape(text)


# Spaces that copying from terminals and web pages adds where the provider wrote one plain
# space: no-break, typographic and ideographic spaces, and runs of spaces or tabs.
_UNICODE_SPACE = re.compile("[\u00a0\u1680\u2000-\u200a\u202f\u205f\u3000]")
_SPACE_RUN = re.compile(r"[ \t]{2,}")


def plain_spaces(text: str) -> str:
    """The text with each Unicode space read as a plain one and each run of spaces and tabs as
    one space (line breaks stay: rules use them as sentence bounds)."""
    if not text.isascii():
        text = _UNICODE_SPACE.sub(" ", text)
    if "  " in text or "\t" in text:
        text = _SPACE_RUN.sub(" ", text)
    return text


def surely_lacks(text: str, word: str) -> bool:
    """True when a case-insensitive pattern that needs `word` (lower case) cannot match: one
    substring test instead of a search tried at every position. Only on ASCII text, where
    `re`'s case folding is plain lower case (elsewhere it also folds 'ı' to 'i', 'ſ' to 's')."""
    return text.isascii() and word not in text.lower()


def is_boilerplate(message: str) -> bool:
    return message.strip().lower() == BOILERPLATE_MESSAGE


def error_object(frame: dict) -> dict:
    """A whole JSON-RPC response carries its error object under `error`."""
    inner = frame.get("error")
    return inner if isinstance(inner, dict) else frame


def head_and_tail(text: str) -> str:
    """The part of a long text the rules read: its head and its tail, a line apart."""
    if len(text) > HEAD_CHARS + TAIL_CHARS:
        return f"{text[:HEAD_CHARS]}\n{text[-TAIL_CHARS:]}"
    return text


# The vertical sides of the box a TUI draws around a message (Gemini CLI, Qwen Code): pasted, each
# wrapped line ends in padding and a side and the next begins with a side and padding.
_BOX_BORDERS = "│┃║"


def _unboxed(line: str) -> str:
    """The line with a box's side read as the padding around it: a side standing apart at the
    line's end or start becomes spaces, so the line break beside it reads as padded."""
    body = line.rstrip()
    if body and body[-1] in _BOX_BORDERS and (len(body) == 1 or body[-2].isspace()):
        line = body[:-1].rstrip() + "  "
    body = line.lstrip()
    if body and body[0] in _BOX_BORDERS and (len(body) == 1 or body[1].isspace()):
        line = "  " + body[1:].lstrip()
    return line


def _unquoted(text: str) -> str:
    """A Markdown quote (every line that holds anything opens with `>`) without its marks, so a
    wrap inside the quoted text joins as it would unquoted; other text as it is."""
    if any(line.strip() and not line.lstrip().startswith(">") for line in text.split("\n")):
        return text
    return _QUOTE_MARK.sub("", text)


def unwrap_terminal_lines(text: str, joins: int) -> str:
    """Text pasted from a terminal that hard-wrapped it, joined back, in three steps of `joins`:
    1, a line break the terminal padded (two or more spaces or tabs before it, or an indent of two
    or more after it, a box's side beside it counting as padding) reads as one space; 2, so does a
    plain break inside a sentence (the line before ends on a word, a digit, a comma or a colon,
    the next starts with a word or a digit, not a list mark); 3, a break between two letters or
    digits is removed. Other breaks stay: they end a sentence or a list item. A Markdown quote's
    marks are read as nothing. Only the part the rules read is unwrapped (the head and tail of a
    long text), so the work stays linear and bounded; a wrapped text escaped inside a JSON string
    is read with its escapes decoded."""
    if "\n" in text:
        read = head_and_tail(text)
    elif "\\n" in text:
        read = decode_escapes(head_and_tail(text))
        if "\n" not in read:
            return text
    else:
        return text
    lines = _unquoted(read).split("\n")
    if any(border in read for border in _BOX_BORDERS):
        lines = [_unboxed(line) for line in lines]
    pieces, previous = [lines[0]], lines[0]
    for line in lines[1:]:
        tail = previous.rstrip("\r")
        padded = tail[-2:].isspace() and len(tail) >= 2 or line[:2].isspace() and len(line) >= 2
        if padded and tail.strip(" \t") and line.strip(" \t"):
            pieces[-1] = pieces[-1].rstrip(" \t\r")
            pieces.append(" ")
            line = line.lstrip(" \t")
        elif joins >= 3 and tail[-1:].isalnum() and line[:1].isalnum():
            pieces[-1] = pieces[-1].rstrip("\r")
        elif joins >= 2 and _continues_sentence(tail, line):
            pieces[-1] = pieces[-1].rstrip("\r")
            pieces.append(" ")
        else:
            pieces.append("\n")
        pieces.append(line)
        previous = line
    return "".join(pieces)


# How a report dresses a quoted error: a Markdown code fence's lines, the backticks of inline
# code around the whole text, a blockquote's marks.
_FENCE_LINE = re.compile(r"^[ \t]*(?:```|~~~)[\w+-]*[ \t]*$\n?", re.M)
_QUOTE_MARK = re.compile(r"^[ \t]*>[ \t]?", re.M)


def as_plain_text(text: str) -> str:
    """The text without the Markdown a report quoted it in, or a terminal's colours."""
    text = without_ansi(text)
    if "```" in text or "~~~" in text:
        text = _FENCE_LINE.sub("", text)
    stripped = text.strip()
    if len(stripped) > 2 and stripped[0] == "`" == stripped[-1] and "`" not in stripped[1:-1]:
        text = stripped[1:-1]
    if text.lstrip().startswith(">"):
        text = _QUOTE_MARK.sub("", text)
    return text


# What a logger writes before the message: a timestamp (a date and a time of day, or a time of
# day alone) or a level (upper case, or in brackets in any case) or both, then an optional logger
# name closed by a colon, a dash or a bracket.
_TIMESTAMP = (r"\[?(?:\d{4}[-/]\d{2}[-/]\d{2}[T ]\d{2}:\d{2}(?::\d{2}(?:[.,]\d+)?)?"
              r"|\d{2}:\d{2}:\d{2}(?:[.,]\d+)?)(?:Z|[+-]\d{2}:?\d{2})?\]?")
# A level in brackets, in any case; status reading also looks past one kept after a wrapper's label.
LEVEL_TAG = r"\[(?i:error|err|warn(?:ing)?|fatal|critical|info|debug)\]"
_LEVEL = rf"(?:(?:ERROR|ERR|WARNING|WARN|CRITICAL|FATAL|INFO|DEBUG|TRACE)\b|{LEVEL_TAG})"
_LOG_PREFIX = re.compile(
    rf"\s*(?:{_TIMESTAMP}[\s|-]+(?:{_LEVEL})?|{_LEVEL})"
    r"[\s:|-]*(?:\[?[A-Za-z_][\w.:/-]*\]?(?:\s*[:|]|\s+-|(?<=\]))\s+)?")


def without_log_prefix(text: str) -> str:
    """The text without a log line's timestamp, level and logger name before the message."""
    found = _LOG_PREFIX.match(text)
    return text[found.end():] if found and found.end() < len(text) else text


def _continues_sentence(tail: str, line: str) -> bool:
    return bool(tail) and (tail[-1].isalnum() or tail[-1] in ",:") and line[:1].isalnum()


@dataclass(frozen=True)
class Frame:
    """The texts of one error object, computed once and read by every rule."""

    code: int | None
    has_code: bool
    data_text: str
    message_text: str
    data_obj: dict | None
    original: dict = field(repr=False)
    # match_text per field, filled on first use: the rules, hints and wordings all read them.
    _matched: dict = field(default_factory=dict, repr=False, compare=False)

    @classmethod
    def read(cls, raw: dict) -> "Frame":
        obj = error_object(raw)
        code = obj.get("code")
        if isinstance(code, float) and code.is_integer():
            code = int(code)
        has_code = isinstance(code, int) and not isinstance(code, bool)
        data, message = obj.get("data"), obj.get("message")
        data_text, message_text = as_text(data), as_text(message)
        data_obj = data if isinstance(data, dict) else (
            parse_object(data) if isinstance(data, str) else None)
        if data_text:
            data_text = unwrap_envelope(data_text) or data_text
        else:
            message_text = unwrap_envelope(message_text) or message_text
        return cls(code if has_code else None, has_code, data_text, message_text, data_obj, obj)

    @property
    def texts(self) -> tuple[str, str]:
        return self.data_text, self.message_text

    def rewritten(self, rewrite) -> "Frame | None":
        """The frame with `rewrite` applied to each of its texts, or None when that changes
        nothing: the plainer readings an error is tried in when nothing matched it as written."""
        texts = tuple(rewrite(text) for text in self.texts)
        if texts == self.texts:
            return None
        return Frame(self.code, self.has_code, *texts, self.data_obj, self.original)

    def unwrapped(self, joins: int) -> "Frame | None":
        """The frame with a terminal's hard wraps taken out of its texts, or None when that
        changes nothing (see `unwrap_terminal_lines`)."""
        return self.rewritten(lambda text: unwrap_terminal_lines(text, joins))

    @property
    def haystack(self) -> str:
        # A line break, not a space, between the fields: rules bound their phrases by line
        # breaks, so no phrase reads across the two ("..., id: Unknown" then the boilerplate
        # "Internal error" is not an "unknown internal error").
        return f"{self.data_text}\n{self.message_text}"

    def text(self, name: str) -> str:
        if name == "data":
            return self.data_text
        if name == "message":
            return self.message_text
        return self.haystack

    def match_text(self, name: str) -> str:
        """What the rules read: the field's head and tail, with nested JSON escapes decoded, a
        terminal's colour sequences dropped, HTML entities read as characters and extra spaces
        read as one."""
        matched = self._matched.get(name)
        if matched is None:
            text = self.text(name)
            if name == "haystack" and len(text) <= HEAD_CHARS + TAIL_CHARS:
                # No escape spans the line break between the two, so the fields decoded apart are
                # the haystack decoded whole, and each field is decoded once for every rule.
                matched = plain_spaces(f"{self.match_text('data')}\n{self.match_text('message')}")
            else:
                matched = plain_spaces(decode_entities(without_ansi(decode_escapes(
                    head_and_tail(text)))))
            self._matched[name] = matched
        return matched

    @property
    def informative_message(self) -> str:
        return "" if is_boilerplate(self.message_text) else self.message_text.strip()

    @property
    def provider_detail(self) -> str:
        """The provider's own sentence for verbatim wordings, without the stream envelope or id."""
        text = self.data_text if self.data_text.strip() else self.informative_message
        text = _STREAM_ENVELOPE.sub("", text)
        text = _TRAILING_REQUEST_ID.sub("", text)
        return text.strip()

    @property
    def request_id(self) -> str | None:
        text = self.match_text("data")
        if surely_lacks(text, "request"):
            return None
        found = _REQUEST_ID.search(text)
        return found.group(1) if found else None
