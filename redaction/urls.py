"""The exfiltration-URL pass, which runs before the credential pass (rules.md section 6)."""

from __future__ import annotations

import re
from urllib.parse import unquote, urlsplit

from redaction.credentials import Span, find_spans
from redaction.entropy import character_classes, is_hex
from redaction.table import TABLE

URL = re.compile(r"""https?:(?:\\?/){2}[^\s"'<>\\`]+(?:\\/[^\s"'<>\\`]*)*""", re.I)
_ENCODED_RUN = re.compile(r"(?:%[0-9A-Fa-f]{2}){21,}")
_BASE64_RUN = re.compile(r"[A-Za-z0-9+/_-]{40,}={0,2}")
_SIGNATURE_PARAM = re.compile(r"(?<=[?&;])(?:token|sig|signature)=[^&#]*", re.I)
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
MAX_QUERY = 200


def _query_pairs(query: str) -> list[tuple[str, str]]:
    pairs = []
    for part in query.split("&"):
        key, _, value = part.partition("=")
        pairs.append((unquote(key).lower(), unquote(value)))
    return pairs


def is_presigned_s3(url: str) -> bool:
    """Exactly the standard X-Amz-* parameters, each well-formed: left entirely unchanged."""
    query = urlsplit(url.replace("\\/", "/")).query
    pairs = _query_pairs(query) if query else []
    keys = [k for k, _ in pairs]
    if len(keys) != len(set(keys)) or not _PRESIGNED_REQUIRED <= set(keys):
        return False
    return all(k in _PRESIGNED_PARAMS and _PRESIGNED_PARAMS[k].fullmatch(v) for k, v in pairs)


def _random_base64(run: str) -> bool:
    upper, lower, digits = character_classes(run)
    return not is_hex(run) and upper > 0 and lower > 0 and digits > 0


def _decoded_levels(text: str) -> list[str]:
    levels = [text]
    for _ in range(3):
        decoded = unquote(levels[-1])
        if decoded == levels[-1]:
            break
        levels.append(decoded)
    return levels


def carries_credential(url: str) -> bool:
    parts = urlsplit(url.replace("\\/", "/"))
    path_and_query = parts.path + ("?" + parts.query if parts.query else "")
    # The value of a token/sig/signature parameter alone is scrubbed in place, not the URL.
    remainder = _SIGNATURE_PARAM.sub("", path_and_query)
    query = _SIGNATURE_PARAM.sub("", parts.query)
    if _ENCODED_RUN.search(remainder) or len(query) >= MAX_QUERY:
        return True
    if any(_random_base64(run) for run in _BASE64_RUN.findall(query)):
        return True
    return any(find_spans(level) for level in _decoded_levels(remainder))


def _host(url: str) -> str:
    try:
        host = urlsplit(url.replace("\\/", "/")).hostname or "unknown host"
    except ValueError:
        host = "unknown host"
    return host


def exfiltration_spans(text: str) -> tuple[list[Span], list[tuple[int, int]]]:
    """Suspicious URLs to replace, and presigned S3 URLs no later pass may touch."""
    spans, protected = [], []
    if "http" not in text.lower():
        return spans, protected
    for match in URL.finditer(text):
        url = match.group()
        if is_presigned_s3(url):
            protected.append(match.span())
        elif carries_credential(url):
            spans.append((*match.span(), TABLE.url_marker.format(host=_host(url))))
    return spans, protected
