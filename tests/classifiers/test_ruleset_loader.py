"""A bad rule table refuses to load, and the refusal names the file and the rule."""

import shutil
from pathlib import Path

import pytest

from classifiers.ruleset import RULES_DIR, SUPPORT_FILES, RulesetError, load

GOOD = """
[[rule]]
id = "probe"
order = 99.5
kind = "throttle"
wording = "throttle"
field = "haystack"
pattern = '\\bprobe\\b'
why = "A rule written only to be broken by the cases below."
"""


def table_with(tmp_path: Path, rule_text: str, extra: str = "") -> Path:
    """The support files as shipped, and one rule file holding the given rules."""
    for name in SUPPORT_FILES:
        shutil.copy(RULES_DIR / name, tmp_path / name)
    (tmp_path / "probe.toml").write_text(rule_text + extra, encoding="utf-8")
    return tmp_path


def test_the_probe_table_loads_as_written(tmp_path):
    assert [r.id for r in load(table_with(tmp_path, GOOD)).rules] == ["probe"]


@pytest.mark.parametrize("change, problem", [
    (('kind = "throttle"', 'kind = "slowdown"'), "is not in the taxonomy"),
    (('wording = "throttle"', 'wording = "nowhere"'), "does not exist"),
    (('field = "haystack"', 'field = "haystack"\ntags = ["shiny"]'), "closed tag set"),
    (("pattern = '\\bprobe\\b'", "pattern = '(probe'"), "does not compile"),
    (('why = "A rule written only to be broken by the cases below."\n', ""), "says why"),
    (('id = "probe"', 'id = "Probe Rule"'), "lower-kebab-case"),
    (('order = 99.5', 'order = "late"'), "order must be a number"),
    (('field = "haystack"', 'field = "haystack"\nnames = ["Timeout"]'), "two or more words"),
    (('field = "haystack"', 'field = "haystack"\nallowance = "always"'), "allowance must be one of"),
    (('field = "haystack"', 'field = "haystack"\nwait = "long"'), "wait must be one of"),
    (('field = "haystack"', 'field = "haystack"\nstatus = ["42"]'), "is not like '429'"),
    (('field = "haystack"', 'field = "haystack"\nstatus = ["429"]\nstatus_except = ["429"]'),
     "accepts no status"),
    (('field = "haystack"', 'field = "haystack"\nrecovery = "pray"'), "not a known recovery"),
    (('field = "haystack"', 'field = "haystack"\nsubject = "probe"'), "two ways to say one condition"),
    (("pattern = '\\bprobe\\b'", "subject = 'probe'"), "needs the file's failure_words"),
])
def test_a_broken_rule_is_refused_by_file_and_rule(tmp_path, change, problem):
    old, new = change
    assert old in GOOD
    with pytest.raises(RulesetError) as refused:
        load(table_with(tmp_path, GOOD.replace(old, new)))
    assert str(refused.value).startswith("probe.toml: rule ")
    assert problem in str(refused.value)


def test_a_subject_reads_the_files_failure_words(tmp_path):
    table = "failure_words = 'broke|lost'\n" + GOOD.replace("pattern = '\\bprobe\\b'", "subject = 'probe'")
    subject = load(table_with(tmp_path, table)).rules[0].pattern.regex
    texts = ("the probe broke", "lost: one probe", "no probe", "the probe is fine", "probe. It broke")
    assert [bool(subject.search(t)) for t in texts] == [True, True, True, False, False]


def test_a_repeated_id_names_both_files(tmp_path):
    directory = table_with(tmp_path, GOOD)
    (directory / "twin.toml").write_text(GOOD.replace("99.5", "99.6"), encoding="utf-8")
    with pytest.raises(RulesetError, match=r"rule 'probe': id also used in probe.toml"):
        load(directory)


def test_a_shared_order_is_refused(tmp_path):
    second = GOOD.replace('id = "probe"', 'id = "probe-two"')
    with pytest.raises(RulesetError, match=r"order 99.5 also used by"):
        load(table_with(tmp_path, GOOD, second))


def test_a_file_that_is_not_toml_is_refused_by_name(tmp_path):
    with pytest.raises(RulesetError, match=r"^probe.toml: not valid TOML"):
        load(table_with(tmp_path, GOOD + "\n[[rule]\n"))


LATER = (GOOD.replace('id = "probe"', 'id = "late-probe"').replace("99.5", "99.7")
         .replace("'\\bprobe\\b'", "'\\blate probe\\b'"))


def outranking(target: str, pattern: str = "\\bprobe failed early\\b") -> str:
    return LATER + f"[rule.outranks]\n{target} = '{pattern}'\n"


def test_an_outranking_branch_is_the_later_rules_and_vetoes_the_earlier(tmp_path):
    early, late = load(table_with(tmp_path, GOOD, outranking("probe"))).rules
    assert (early.id, late.id) == ("probe", "late-probe")
    said = "the probe failed early"
    assert early.pattern.regex.search(said) and early.unless.regex.search(said)
    assert late.pattern.regex.search(said) and late.pattern.regex.search("a late probe")
    assert not early.unless.regex.search("the probe broke")
    assert late.unless is None


@pytest.mark.parametrize("rules, problem", [
    (GOOD + outranking("nowhere"), "outranks 'nowhere', which is not a rule"),
    (outranking("probe").replace("99.7", "99.4") + GOOD, "which does not come before it"),
    (GOOD.replace('field = "haystack"', 'field = "data"') + outranking("probe"),
     "reads another field or case"),
    (GOOD + LATER + "[rule.outranks]\nprobe = 5\n", "maps an earlier rule's id to a pattern"),
])
def test_a_broken_outranking_is_refused_by_file_and_rule(tmp_path, rules, problem):
    with pytest.raises(RulesetError) as refused:
        load(table_with(tmp_path, rules))
    assert str(refused.value).startswith("probe.toml: rule 'late-probe': ")
    assert problem in str(refused.value)
