"""Exfiltration URLs (rules.md section 6): a URL that smuggles a credential is replaced whole.

Decided from the credential spans already found in the text, so the patterns run once."""

from __future__ import annotations

import re
from urllib.parse import unquote, urlsplit

from redaction.credentials import Span, find_spans
from redaction.entropy import character_classes, is_hex
from redaction.table import TABLE
from redaction.url_shapes import BASE64_RUN_SOURCE, MAX_QUERY, URL_SOURCE

URL = re.compile(URL_SOURCE)
_ENCODED_RUN = re.compile(r"(?:%[0-9A-Fa-f]{2}){21,}")
_BASE64_RUN = re.compile(BASE64_RUN_SOURCE)
_SIGNATURE_PARAM = re.compile(r"(?<=[?&;])(?:token|sig|signature)=[^&#]*", re.I)
_SIGNATURE_KEY = re.compile(r"[?&;](?:token|sig|signature)=$", re.I)
_PRESIGNED_PARAMS = {
    "x-amz-algorithm": re.compile(r"AWS4-HMAC-SHA256"),
    "x-amz-credential": re.compile(r"A(?:KIA|SIA)[A-Z0-9]{16}/\d{8}/[a-z0-9-]+/s3/aws4_request"),
    "x-amz-date": re.compile(r"\d{8}T\d{6}Z"),
    "x-amz-expires": re.compile(r"\d{1,6}"),
    "x-amz-signedheaders": re.compile(r"[a-z0-9-]+(?:;[a-z0-9-]+)*"),
    "x-amz-signature": re.compile(r"[0-9a-f]{64}"),
    "x-amz-security-token": re.compile(r"[A-Za-z0-9/+=]{16,4096}"),
}
_PRESIGNED_REQUIRED = set(_PRESIGNED_PARAMS) - {"x-amz-security-token"}


def is_presigned_s3(url: str) -> bool:
    """Exactly the standard X-Amz-* parameters, each well-formed: left entirely unchanged."""
    query = urlsplit(url.replace("\\/", "/")).query
    pairs = [(unquote(k).lower(), unquote(v)) for k, _, v in
             (part.partition("=") for part in query.split("&"))] if query else []
    keys = [k for k, _ in pairs]
    if len(keys) != len(set(keys)) or not _PRESIGNED_REQUIRED <= set(keys):
        return False
    return all(k in _PRESIGNED_PARAMS and _PRESIGNED_PARAMS[k].fullmatch(v) for k, v in pairs)


def _random_base64(run: str) -> bool:
    upper, lower, digits = character_classes(run)
    return not is_hex(run) and upper > 0 and lower > 0 and digits > 0


def _hides_credential_when_decoded(remainder: str) -> bool:
    level = remainder
    for _ in range(3):  # up to three levels of percent-encoding
        decoded = unquote(level)
        if decoded == level:
            return False
        if find_spans(decoded):
            return True
        level = decoded


def _counts(span: Span, text: str, url_start: int) -> bool:
    """A token/sig/signature value alone is scrubbed in place; it does not make the URL suspect."""
    return not _SIGNATURE_KEY.search(text, url_start, span.start)


def _carries_credential(url: str, text: str, url_start: int, inside: list[Span]) -> bool:
    if any(_counts(span, text, url_start) for span in inside):
        return True
    if len(url) < MAX_QUERY and "%" not in url and not _BASE64_RUN.search(url):
        return False  # the common case: a short, plain URL with no credential in it
    parts = urlsplit(url.replace("\\/", "/"))
    query = _SIGNATURE_PARAM.sub("", parts.query)
    remainder = parts.path + ("?" + query if query else "")
    if _ENCODED_RUN.search(remainder) or len(query) >= MAX_QUERY:
        return True
    if any(_random_base64(run) for run in _BASE64_RUN.findall(query)):
        return True
    return "%" in remainder and _hides_credential_when_decoded(remainder)


def _host(url: str) -> str:
    try:
        return urlsplit(url.replace("\\/", "/")).hostname or "unknown host"
    except ValueError:
        return "unknown host"


def presigned_ranges(text: str, lowered: str) -> list[tuple[int, int]]:
    if "x-amz-signature" not in lowered:
        return []
    return [m.span() for m in URL.finditer(lowered)
            if "x-amz-signature" in m.group() and is_presigned_s3(text[m.start():m.end()])]


def exfiltration_spans(text: str, lowered: str, credentials: list[Span],
                       presigned: list[tuple[int, int]]) -> list[Span]:
    """The URLs to replace whole; the presigned S3 URLs (`presigned_ranges`) are never among them."""
    if "http" not in lowered:
        return []
    protected = set(presigned)
    found, cursor = [], 0
    for match in URL.finditer(lowered):
        start, end = match.span()
        if (start, end) in protected:
            continue
        while cursor < len(credentials) and credentials[cursor].end <= start:
            cursor += 1
        inside = []
        for span in credentials[cursor:]:
            if span.start >= end:
                break
            if span.end <= end:
                inside.append(span)
        url = text[start:end]
        if _carries_credential(url, text, start, inside):
            found.append(Span(start, end, TABLE.url_marker.format(host=_host(url)), "exfiltration-url"))
    return found
