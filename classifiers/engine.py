r"""How rule patterns are matched: one combined pass per field, then exact confirmation.

Every rule pattern joins an RE2 (google-re2) Set for the field it reads, in a loosened form
whose language is a superset of the pattern's: bounded repetitions lose their upper bound and
lookarounds are dropped. One linear pass of the Set over a field says which loosened patterns
occur; a rule whose loosened pattern does not occur cannot match, and the few that do are
confirmed with the exact pattern in Python's `re`. Loosening keeps RE2's automaton small
(counted repetitions such as {0,400} multiply its states).

`re` holds the reference semantics. On plain ASCII text (no vertical tab, no \x1c-\x1f) RE2
and `re` agree on every construct the rules use (`\b`, `\w`, `\d`, `\s`, case folding), except
that RE2's `$` matches only at the very end: whatever RE2 finds there, `re` finds too. So on
such text a pattern whose loosened form is the pattern itself is confirmed by the Set's pass
alone, and one without lookarounds by its exact form in RE2: a large alternation tried at
every position by `re` costs tens of microseconds, RE2's automaton one linear pass
(tests/classifiers/test_engine_agreement.py holds the two engines to the same answers).

A rule pattern is an alternation of many phrasings. Each top-level branch joins the Set as its
own entry, so the pass also says which branch occurred, and only those branches are confirmed:
one short branch instead of the whole alternation, which for a pattern with counted repetitions
is what pushed RE2 off its fast automaton (hundreds of microseconds per confirmation).

Text that is not plain ASCII also passes through a second Set per field: RE2 reads `\b`, `\w`,
`\d` and `\s` by ASCII and `re` by Unicode, so in "Sunucu aşırı yüklü" RE2 finds no boundary
after the final "ü" where `re` does. On such text the ASCII Set still reports a superset for
most branches (a boundary RE2 sees beside a non-ASCII letter only lets more through); only a
branch with a word, digit or space class, or with a boundary and a non-ASCII letter of its own,
can be dropped. Those branches join the wide Set in a wider form that drops boundaries and lets
each of those classes also take any character outside ASCII, so its language holds the
pattern's on any text; `re` confirms every branch either Set reports. Keeping the others out
keeps the wide Set's automaton small: built cold over 80 KB of varied text it cost 120 ms with
every branch in it.

RE2 builds a Set's automaton lazily and throws it away when it outgrows its memory. What
swells it are branches with an unbounded repetition (a loosened gap such as `[\s\S]{0,}`): each
keeps a partial match alive to the end of the text, and varied text meets ever new combinations
of them. So a field's branches with such a repetition go into Sets of at most GAPPED_BRANCHES
each, and the rest, whose automaton stays close to a keyword trie, into Sets of at most
PLAIN_BRANCHES (every Set pass also has a fixed cost of about 2 us). Measured on the corpus
messages: with all 770 haystack branches in one Set, 520-600 us a pass; in Sets of 64, 40-50 us;
split this way (649 branches in one Set, 121 in two), about 20 us. The plain Set has a ceiling
too: at about 1,985 haystack branches its automaton outgrew SET_MEMORY and was rebuilt on every
pass (110 us against 4); two Sets of at most 1,024 cost about 3 us each.
"""

from __future__ import annotations

import logging
import re

import re2

from redaction.regex_source import structural_chars

logging.getLogger("absl").setLevel(logging.ERROR)
FIELDS = ("data", "message", "haystack")
SHORT_TEXT = 4096  # bytes of a field below which `re` confirms a branch with counted repetitions
SET_MEMORY = 32 << 20  # per Set: its automaton cache is rebuilt past this, never grown
GAPPED_BRANCHES = 64  # per Set; measured on the corpus against 32, 48 and 128 (see the module note)
PLAIN_BRANCHES = 1024  # per Set: past about 1,985 plain branches one Set outgrew SET_MEMORY
_BOUNDED = re.compile(r"(?<!\\)\{(\d+),\d+\}")
_LOOKAROUND_OPEN = re.compile(r"(?<!\\)\(\?<?[=!]")
# ASCII characters that `re` counts as whitespace and RE2 does not.
_CLASSES_DIFFER = re.compile(r"[\x0b\x1c-\x1f]")
# A repetition without an upper bound, outside escapes and character classes.
_UNBOUNDED = re.compile(r"[*+]|\{\d+,\}")
# Constructs that tie one branch to another: a global inline flag or a back-reference.
_BRANCHES_COUPLED = re.compile(r"\(\?[aiLmsux]+\)|(?<!\\)\\\d|\(\?P=")


def _options() -> re2.Options:
    options = re2.Options()
    options.log_errors = False
    options.max_mem = SET_MEMORY
    return options


def _drop_lookarounds(source: str) -> str:
    """Remove every (?=...), (?!...), (?<=...), (?<!...) group, minding nesting and escapes."""
    while True:
        found = _LOOKAROUND_OPEN.search(source)
        if not found:
            return source
        closing = next((index for index, char, depth in structural_chars(source, found.start())
                        if char == ")" and depth == 0), len(source))
        source = source[:found.start()] + source[closing + 1:]


def top_level_branches(source: str) -> list[str]:
    """The alternatives of the pattern's outermost alternation (the pattern itself if none),
    or the pattern whole when a construct ties its branches together."""
    if _BRANCHES_COUPLED.search(source):
        return [source]
    cuts = [index for index, char, depth in structural_chars(source) if char == "|" and depth == 0]
    bounds = [-1, *cuts, len(source)]
    return [source[start + 1:end] for start, end in zip(bounds, bounds[1:])]


def loosen(source: str) -> str:
    """A pattern whose language contains the given one, and that RE2 keeps small."""
    return _BOUNDED.sub(lambda m: "{%s,}" % m.group(1), _drop_lookarounds(source))


_NON_ASCII = r"\x{80}-\x{10FFFF}"
_CLASS_ESCAPE = re.compile(r"\\[wds]")
_BOUNDARY_ESCAPE = re.compile(r"\\[bB]")
_NON_ASCII_CHAR = re.compile(r"[^\x00-\x7f]")
# Inside or outside a class: which escapes RE2 reads narrower than `re` on text outside ASCII.
_WIDENED_OUTSIDE = {"w": r"[\w%s]" % _NON_ASCII, "d": r"[\d%s]" % _NON_ASCII,
                    "s": r"[\s\x0b\x1c-\x1f%s]" % _NON_ASCII, "b": "", "B": ""}


def reads_unicode_classes(source: str) -> bool:
    """Whether RE2's ASCII reading of the branch can miss what `re` matches on text outside
    ASCII: a word, digit or space class, or a boundary beside a non-ASCII letter of its own."""
    return bool(_CLASS_ESCAPE.search(source) or (
        _BOUNDARY_ESCAPE.search(source) and _NON_ASCII_CHAR.search(source)))


def widen(source: str) -> str:
    """The loosened pattern made to hold on any text: no word boundaries, and the word, digit
    and space classes (alone or in a class that is not negated) also take non-ASCII characters
    and the ASCII separators `re` counts as space."""
    out, index, class_start = [], 0, None
    while index < len(source):
        char = source[index]
        if char == "\\" and index + 1 < len(source):
            escape = source[index + 1]
            if class_start is None and escape in _WIDENED_OUTSIDE:
                out.append(_WIDENED_OUTSIDE[escape])
            else:
                out.append(source[index:index + 2])
                if class_start is not None and escape in "wds" and not out[class_start].startswith("[^"):
                    out[class_start] += r"\x0b\x1c-\x1f" + _NON_ASCII
            index += 2
            continue
        if class_start is None and char == "[":
            end = index + 2 if source[index + 1:index + 2] == "^" else index + 1
            out.append(source[index:end])
            class_start, index = len(out) - 1, end
            continue
        if class_start is not None and char == "]":
            class_start = None
        out.append(char)
        index += 1
    return loosen("".join(out))


class Exact:
    """A pattern searched on its own with Python's `re` (RE2 refuses even its loosened form)."""

    def __init__(self, regex: re.Pattern):
        self.regex = regex

    def occurs(self, facts, field: str) -> bool:
        return self.regex.search(facts.text(field)) is not None


class Confirmed(Exact):
    """An entry of its field's Set, confirmed by the exact pattern only when the Set saw it."""

    def __init__(self, regex: re.Pattern, entry: int, set_decides: bool, exact_re2=None,
                 counted: bool = False):
        super().__init__(regex)
        self.entry = entry
        self.set_decides = set_decides  # the loosened form is the pattern itself
        self.exact_re2 = exact_re2  # the exact pattern in RE2, when it has no lookarounds
        # Counted repetitions swell RE2's automaton past its cache, so on short text `re`
        # searches such a branch faster; on long text RE2 keeps the search linear.
        self.counted = counted

    def occurs(self, facts, field: str) -> bool:
        if self.entry not in facts.occurring(field):
            return False
        if facts.plain_ascii(field):
            if self.set_decides:
                return True
            if self.exact_re2 is not None and (
                    not self.counted or len(facts.encoded(field)) > SHORT_TEXT):
                return self.exact_re2.search(facts.encoded(field)) is not None
        return super().occurs(facts, field)


class Alternatives(Exact):
    """A pattern split at its top-level `|`: it occurs when one of its branches does, and only
    the branches whose Set entries the pass saw are confirmed (an RE2-refused branch always is)."""

    def __init__(self, regex: re.Pattern, branches: list[Exact]):
        super().__init__(regex)
        self.by_entry = {b.entry: b for b in branches if isinstance(b, Confirmed)}
        self.unindexed = tuple(b for b in branches if not isinstance(b, Confirmed))
        self.entries = frozenset(self.by_entry)

    def occurs(self, facts, field: str) -> bool:
        seen = facts.occurring(field) & self.entries
        return (any(self.by_entry[e].occurs(facts, field) for e in seen)
                or any(b.occurs(facts, field) for b in self.unindexed))


def entries_of(matcher: Exact) -> frozenset[int] | None:
    """The Set entries that can make the matcher occur; None when the Set cannot tell."""
    if isinstance(matcher, Alternatives):
        return None if matcher.unindexed else matcher.entries
    if isinstance(matcher, Confirmed):
        return frozenset((matcher.entry,))
    return None


def is_plain_ascii(text: str) -> bool:
    """Text on which RE2 and `re` read every class alike (see the module's note)."""
    return text.isascii() and _CLASSES_DIFFER.search(text) is None


def is_gapped(source: str) -> bool:
    """Whether the pattern repeats something without an upper bound (see the module's note)."""
    structure = "".join(char for _, char, _ in structural_chars(source))
    return _UNBOUNDED.search(structure) is not None


class _SetGroup:
    """Sets of at most `capacity` branches, each branch known by its entry number in the field."""

    def __init__(self, capacity: int) -> None:
        self.capacity = capacity
        self.sets: list = []
        self.entries: list[list[int]] = []  # per Set: the field's entry number of each branch

    def add(self, loose: str, entry: int) -> None:
        if not self.sets or len(self.entries[-1]) == self.capacity:
            self.sets.append(re2.Set.SearchSet(_options()))
            self.entries.append([])
        self.sets[-1].Add(loose)
        self.entries[-1].append(entry)

    def compiled(self) -> list[tuple]:
        """(bare Set, entry numbers) per Set: the pass calls the Set without its wrapper."""
        for patterns in self.sets:
            patterns.Compile()
        return [(patterns._set, entries) for patterns, entries in zip(self.sets, self.entries)]


def _field_groups() -> dict[str, tuple[_SetGroup, _SetGroup]]:
    """Per field: the Sets of plain branches, then the Sets of gapped ones."""
    return {field: (_SetGroup(PLAIN_BRANCHES), _SetGroup(GAPPED_BRANCHES)) for field in FIELDS}


class PatternSets:
    """The per-field RE2 Sets, built while the rules load, compiled once at the end."""

    def __init__(self) -> None:
        # Per field: the Sets for plain ASCII text, then the wide Sets for any other text.
        self._groups = _field_groups()
        self._wide_groups = _field_groups()
        self._count = dict.fromkeys(FIELDS, 0)
        self._passes: dict[str, list[tuple]] = {}
        self._any_text_passes: dict[str, list[tuple]] = {}

    def add(self, field: str, source: str, ignore_case: bool) -> Exact:
        """Raises re.error when the pattern does not compile: `re` holds the reference semantics."""
        regex = re.compile(source, re.IGNORECASE if ignore_case else 0)
        branches = top_level_branches(source)
        if len(branches) == 1:
            return self._add_branch(field, source, regex, ignore_case)
        return Alternatives(regex, [
            self._add_branch(field, b, re.compile(b, regex.flags), ignore_case) for b in branches])

    def _add_branch(self, field: str, source: str, regex: re.Pattern, ignore_case: bool) -> Exact:
        flags = "(?i)" if ignore_case else ""
        loose = flags + loosen(source)
        # Only a branch RE2's ASCII reading could drop on other text needs the wide form.
        wide = flags + widen(source) if reads_unicode_classes(loose) else None
        try:
            for form in (loose, wide) if wide else (loose,):
                re2.compile(form, _options())
        except re2.error:
            return Exact(regex)
        entry = self._add_to_set(field, loose, wide)
        if loose == flags + source:
            return Confirmed(regex, entry, set_decides=True)
        exact = None
        if not _LOOKAROUND_OPEN.search(source):
            try:
                exact = re2.compile((flags + source).encode(), _options())
            except re2.error:
                exact = None
        return Confirmed(regex, entry, set_decides=False, exact_re2=exact,
                         counted=bool(_BOUNDED.search(source)))

    def _add_to_set(self, field: str, loose: str, wide: str | None) -> int:
        """The branch's entry number in its field, whichever Sets it joins: the ASCII Set
        always, the wide Set when it has a wide form."""
        entry = self._count[field]
        forms = [(self._groups, loose)] + ([(self._wide_groups, wide)] if wide else [])
        for groups, form in forms:
            plain, gapped = groups[field]
            (gapped if is_gapped(form) else plain).add(form, entry)
        self._count[field] += 1
        return entry

    def compile(self) -> None:
        self._passes = {field: [p for group in groups for p in group.compiled()]
                        for field, groups in self._groups.items()}
        # Text that is not plain ASCII takes the ASCII Sets and then the wide ones.
        self._any_text_passes = {field: self._passes[field] + [
            p for group in groups for p in group.compiled()] for field, groups in self._wide_groups.items()}

    def occurring(self, field: str, encoded: bytes, plain_ascii: bool = True) -> frozenset[int]:
        """The entries whose Set form occurs: the ASCII Sets' answer, and on text that is not
        plain ASCII the wide Sets' answer for the branches RE2's ASCII reading could drop."""
        found: list[int] = []
        if encoded:
            for patterns, entries in (self._passes if plain_ascii else self._any_text_passes)[field]:
                hits = patterns.Match(encoded)
                if hits:
                    found.extend([entries[index] for index in hits])
        return frozenset(found)
