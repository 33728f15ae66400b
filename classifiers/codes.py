"""Error codes a text carries bare, also read as the words and names the rules are written with:
a documented code sent as a whole value ("system_busy" read as "system busy") and a google.rpc
status printed by number ("code: 3" read as INVALID_ARGUMENT). Both are rereadings: the text is
kept and the reading appended, so a rule written for either form matches."""
from __future__ import annotations

import re

from classifiers.frame import decode_entities, decode_escapes, head_and_tail


def _decoded(kept: str) -> str:
    """The part of the text the rules read (`head_and_tail`), its escapes and entities decoded as
    they read them (a terminal's colours and runs of spaces, which they also drop, never touch a
    code)."""
    return decode_entities(decode_escapes(kept))


# An identifier of two to six words, joined by underscores or in CamelCase, standing as a whole
# value: the whole field (a CLI's failure mark aside), what follows a label's colon (full-width
# too; a namespace's `::` is not one), an exception's quoted argument, an error label's
# parenthesis ("LLM error (llm_timeout_error)"), or the quoted value of an
# error's message, code or status in JSON or a Python dict. A documented error code sent bare
# ("system_busy", "EXCEED_CONCURRENT_REQUEST_LIMIT"); the same identifier inside a sentence ("no
# attribute 'server_error'") is a name, a key is followed by a colon, and a `type` is a
# gateway's class for whatever its upstream said (one-api's "upstream_error" carries a relayed
# 422). A parenthesis is matched before what precedes it (an exception's class, an error label) is
# looked back at: a look back at every position cost a 1 MiB body over a millisecond.
_BARE_CODE = re.compile(
    r"(?:^(?:\s*[^\w\s\"'{\[(]{1,3})?|(?<!:)[:：](?!:)|\((?:(?<=Error\()|(?<=Exception\()|(?<=(?:[Ee]rror|ERROR) \()))"
    r"\s*[\"']?([A-Za-z][A-Za-z0-9]*(?:_[A-Za-z0-9]+){1,5}"
    r"|(?:[A-Z][a-z0-9]+|[A-Z]{2,}(?![a-z])){2,6})[\"']?\s*(?=$|\.\s*$|[,;})\]\n(])")
# An exception's class name is a name the rules read as such (their `names`), not a code.
_CLASS_SUFFIXES = ("Error", "Exception")
_CAMEL_WORD = re.compile(r"[A-Z][a-z0-9]+|[A-Z]{2,}(?![a-z])")
_QUOTED_KEY = re.compile(r"[\"']([A-Za-z_]+)[\"']\s*:$")
KEY_REACH = 64  # the longest key and its quotes and spaces that `_QUOTED_KEY` looks back over
_CODE_KEYS = frozenset({"message", "error", "detail", "details", "data", "status", "code",
                        "error_code", "errorcode", "reason", "error_info", "errorinfo",
                        "codex_error_info", "codexerrorinfo"})


def _stands_as_value(text: str, start: int) -> bool:
    """The code at `start` opens the text, follows a label's colon, or is the value of a key
    that states an error (not its type or its parameter)."""
    key = _QUOTED_KEY.search(text, max(0, start - KEY_REACH), start + 1)
    return key is None or key.group(1).lower() in _CODE_KEYS


def _words_of(code: str) -> str:
    if "_" in code:
        return code.replace("_", " ").lower()
    return " ".join(_CAMEL_WORD.findall(code)).lower()


def code_as_words(text: str) -> str:
    """The text followed by the words of each bare error code in it, in parentheses
    ("system_busy (system busy)"), so the rules' phrases reach them; other text as it is."""
    read = _decoded(head_and_tail(text))
    words = [_words_of(found.group(1)) for found in _BARE_CODE.finditer(read)
             if not found.group(1).endswith(_CLASS_SUFFIXES)
             and _stands_as_value(read, found.start())]
    return f"{text} ({'; '.join(words)})" if words else text


# google.rpc.Code, the status enumeration of gRPC and of Google's long-running operations, which
# a status's text form prints as a number ("code: 3" on the line before its "message: ").
_RPC_CODE_NAMES = ("OK", "CANCELLED", "UNKNOWN", "INVALID_ARGUMENT", "DEADLINE_EXCEEDED",
                   "NOT_FOUND", "ALREADY_EXISTS", "PERMISSION_DENIED", "RESOURCE_EXHAUSTED",
                   "FAILED_PRECONDITION", "ABORTED", "OUT_OF_RANGE", "UNIMPLEMENTED", "INTERNAL",
                   "UNAVAILABLE", "DATA_LOSS", "UNAUTHENTICATED")
_RPC_STATUS_TEXT = re.compile(r"code: (1[0-6]|[1-9])[ \t]*\n[ \t]*message: ")


def _opens_status(text: str, start: int) -> bool:
    """The status starts a line or follows a label's colon ("Job failed: code: 3"), so an exit
    code ("exit code: 3") is not read as one."""
    return start == 0 or text[start - 1] == "\n" or text[max(0, start - 2):start] == ": "


def rpc_code_names(text: str) -> str:
    """The text followed by the name of each google.rpc code it prints in a status's text form
    ("code: 3" ... "(INVALID_ARGUMENT)"), so the rules that read those names reach it; other text
    as it is."""
    kept = head_and_tail(text)
    if "code: " not in kept:  # spares the decoding: half a millisecond on 80 KB
        return text
    read = _decoded(kept)
    names = [_RPC_CODE_NAMES[int(found.group(1))] for found in _RPC_STATUS_TEXT.finditer(read)
             if _opens_status(read, found.start())]
    return f"{text} ({'; '.join(names)})" if names else text
