"""The credential pattern table (patterns.toml), loaded and validated once."""

from __future__ import annotations

import re
import tomllib
from dataclasses import dataclass
from pathlib import Path

import re2

from redaction.regex_source import structural_chars
from redaction.url_shapes import suspect_url_triggers

TABLE_PATH = Path(__file__).parent / "patterns.toml"
CHECKS = {"pem_block", "bearer_value", "jwt_header", "sensitive_value", "parameter_value",
          "aws_secret"}
BEFORE_WINDOW = 64
KEYS = {"id", "keywords", "case", "boundary", "pattern", "alternatives", "check", "min_entropy",
        "min_length", "finder", "before", "trigger_after", "why"}
FINDERS = {"base64_runs"}
# Characters that may not stand right before a match of each boundary kind.
BOUNDARIES = {
    "word": frozenset("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_"),
    "token": frozenset("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_-"),
    "base64": frozenset("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_-/+"),
}
PARAMETER_STARTS = frozenset("?&;")
TRIGGER_MEMORY = 32 << 20


class PatternTableError(ValueError):
    """A pattern record that must not load; the message names it."""


@dataclass(frozen=True)
class CredentialPattern:
    id: str
    regexes: tuple[re.Pattern, ...]
    # Per regex, the literal every match starts with ("" when it has none): a text without it
    # skips that regex (the sensitive-value family has 28 alternatives, one regex each).
    needles: tuple[str, ...]
    lowered: bool
    not_after: frozenset[str]
    only_after: frozenset[str]
    keywords: tuple[str, ...]
    min_length: int
    finder: str | None
    before: re.Pattern | None
    check: str | None
    min_entropy: float
    why: str
    # What must follow one of its keywords for the pattern to have anything to find (a
    # separator, a token): the trigger asks for keyword and follower, not the bare keyword.
    trigger_after: str | None = None


@dataclass(frozen=True)
class Trigger:
    """Whether anything in a text could start a credential (else every pass is skipped): the
    bare keywords, shapes and escapes first, one cheap RE2 search that rules most text out;
    where one occurred, the narrow search, each keyword with what must follow it and only the
    URLs the exfiltration check would read further. A narrow match is always a broad one."""
    broad: object
    narrow: object

    def fires(self, data: bytes) -> bool:
        return self.broad.search(data) is not None and self.narrow.search(data) is not None


@dataclass(frozen=True)
class PatternTable:
    patterns: tuple[CredentialPattern, ...]
    trigger: Trigger
    # RE2 Set, one entry per keyed pattern (its keywords as alternatives): one pass over a text
    # names the patterns worth running; `keyed[entry]` is that pattern's position.
    keyword_set: object
    keyed: tuple[int, ...]
    unkeyed: tuple[int, ...]
    marker: str
    encoded_marker: str
    url_marker: str


def _pattern(raw: dict) -> CredentialPattern:
    pid = raw.get("id", "?")
    if set(raw) - KEYS:
        raise PatternTableError(f"patterns.toml: {pid}: unknown keys {sorted(set(raw) - KEYS)}")
    if raw.get("finder") is not None and raw["finder"] not in FINDERS:
        raise PatternTableError(f"patterns.toml: {pid}: unknown finder {raw['finder']!r}")
    if raw.get("check") is not None and raw["check"] not in CHECKS:
        raise PatternTableError(f"patterns.toml: {pid}: unknown check {raw['check']!r}")
    if not raw.get("why"):
        raise PatternTableError(f"patterns.toml: {pid}: every pattern says why")
    if raw.get("boundary") not in (None, "parameter", *BOUNDARIES):
        raise PatternTableError(f"patterns.toml: {pid}: unknown boundary {raw['boundary']!r}")
    lowered = raw.get("case") == "ci"
    sources = [raw["pattern"].replace("{alt}", alt) for alt in raw["alternatives"]] \
        if "alternatives" in raw else [raw.get("pattern", "")]
    try:
        regexes = tuple(re.compile(source) for source in sources)
    except re.error as exc:
        raise PatternTableError(f"patterns.toml: {pid}: pattern does not compile: {exc}") from exc
    literals = re.sub(r"\\.|\[[^\]]*\]|\(\?P<\w+>|\{[^}]*\}", "", "".join(sources))
    if lowered and any(c.isupper() for c in literals):
        raise PatternTableError(f"patterns.toml: {pid}: a ci pattern is written in lower case")
    only_after = PARAMETER_STARTS if raw.get("boundary") == "parameter" else frozenset()
    return CredentialPattern(pid, regexes, tuple(leading_literal(s) for s in sources), lowered, BOUNDARIES.get(raw.get("boundary"), frozenset()),
                             only_after,
                             tuple(k.lower() for k in raw.get("keywords", ())),
                             int(raw.get("min_length", 0)), raw.get("finder"),
                             re.compile(f"(?:{raw['before']})$") if raw.get("before") else None,
                             raw.get("check"), float(raw.get("min_entropy", 0.0)), raw["why"],
                             raw.get("trigger_after"))


_LITERAL_CHAR = re.compile(r"""\\([^A-Za-z0-9])|([A-Za-z0-9_~:/=@!%&,;<>'" #-])""")


def _alternates_at_top(source: str) -> bool:
    """Whether `source` has a `|` outside every group and class."""
    return any(char == "|" and depth == 0 for _, char, depth in structural_chars(source))


def leading_literal(source: str) -> str:
    """The characters every match of `source` starts with: plain characters and escaped
    punctuation up to the first other construct; a character a quantifier makes optional or
    repeats is not part of it, and a pattern with top-level alternatives has none."""
    if _alternates_at_top(source):
        return ""
    literal, index = [], 0
    while index < len(source):
        found = _LITERAL_CHAR.match(source, index)
        if not found:
            break
        after = found.end()
        if after < len(source) and source[after] in "?*+{":
            break
        literal.append(found.group(1) or found.group(2))
        index = after
    return "".join(literal)


def load(path: Path = TABLE_PATH) -> PatternTable:
    doc = tomllib.loads(path.read_text(encoding="utf-8"))
    patterns = tuple(_pattern(raw) for raw in doc["pattern"])
    ids = [p.id for p in patterns]
    if len(ids) != len(set(ids)):
        raise PatternTableError("patterns.toml: pattern ids must be unique")
    keywords = sorted({k for p in patterns for k in p.keywords}, key=len, reverse=True)
    keyword_set, keyed = _keyword_set(patterns)
    unkeyed = tuple(i for i, p in enumerate(patterns) if not p.keywords)
    return PatternTable(patterns, _trigger(patterns, keywords), keyword_set, keyed, unkeyed,
                        doc["marker"], doc["encoded_marker"], doc["url_marker"])


def _keyword_set(patterns: tuple[CredentialPattern, ...]):
    options = re2.Options()
    options.log_errors = False
    keyword_set = re2.Set.SearchSet(options)
    keyed = []
    for position, pattern in enumerate(patterns):
        if pattern.keywords:
            keyword_set.Add("|".join(re.escape(k) for k in pattern.keywords).encode())
            keyed.append(position)
    keyword_set.Compile()
    return keyword_set, tuple(keyed)


def _trigger(patterns: tuple[CredentialPattern, ...], keywords: list[str]) -> Trigger:
    """Finds something in every text a pattern could match in: a keyword of a pattern that has
    keywords (narrow: with what must follow it, where the table says), or the shape that starts
    one that has none, or an escape that could spell one; narrow, also a URL the exfiltration
    check would read further (broad, its "://" keyword or an escaped slash)."""
    unkeyed = {p.id for p in patterns if not p.keywords}
    shapes = {"aws-secret-key": r"[A-Za-z0-9/+]{40}",
              "discord-bot-token": r"[MNO][A-Za-z0-9_-]{23}"}
    missing = unkeyed - set(shapes)
    if missing:
        raise PatternTableError(f"patterns.toml: {sorted(missing)} need keywords or a trigger shape")
    common = [shapes[i] for i in sorted(unkeyed)] + [r"%[0-9a-f]{2}", r"\\u[0-9a-f]{4}", r"\\/"]
    broad = [re.escape(k) for k in keywords] + common
    narrow = _keyword_triggers(patterns, keywords) + suspect_url_triggers() + common
    return Trigger(_compiled(broad), _compiled(narrow))


def _compiled(alternatives: list[str]):
    options = re2.Options()
    options.case_sensitive = False
    # With RE2's default 8 MiB the automaton outgrew its cache on varied text and was rebuilt:
    # 30-50 us a search over the corpus lines against about 4 us with this much room.
    options.max_mem = TRIGGER_MEMORY
    return re2.compile("|".join(alternatives).encode(), options)  # searched as bytes: see scrub


def _keyword_triggers(patterns: tuple[CredentialPattern, ...], keywords: list[str]) -> list[str]:
    """Each keyword alone, unless every pattern that has it says what must follow it: then the
    keyword with each of those followers ("token" only before a separator or a bearer value)."""
    triggers = []
    for keyword in keywords:
        users = [p for p in patterns if keyword in p.keywords]
        if all(p.trigger_after for p in users):  # patterns sharing a follower share one trigger
            triggers += [re.escape(keyword) + after for after in dict.fromkeys(p.trigger_after for p in users)]
        else:
            triggers.append(re.escape(keyword))
    return triggers


TABLE = load()
