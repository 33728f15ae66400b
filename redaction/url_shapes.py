"""What the exfiltration check counts as a URL, and which URLs it reads further: shared by that
check (urls.py) and the trigger that lets quiet text skip every pass (table.py)."""

_URL_START = r"https?:(?:\\?/){2}"
_URL_CHAR = r"""[^\s"'<>\\`]"""
_URL_UNIT = rf"(?:{_URL_CHAR}|\\/)"  # one character of the URL, or an escaped slash
URL_SOURCE = rf"{_URL_START}{_URL_CHAR}+(?:\\/{_URL_CHAR}*)*"
BASE64_RUN_SOURCE = r"[A-Za-z0-9+/_-]{40,}={0,2}"
# A URL at least this long, or holding a percent escape or a base64 run, is read further;
# a shorter, plain one can only be replaced for a credential inside it (which triggers itself).
MAX_QUERY = 200


def suspect_url_triggers() -> list[str]:
    """RE2 sources that find every URL the check would read further: a long one (a unit is at
    most two characters, so a URL of MAX_QUERY characters has at least half of those past even
    the longest start as units), one with a percent sign, one with a base64 run."""
    long_enough = (MAX_QUERY - len(r"https:\/\/")) // 2
    return [f"{_URL_START}{_URL_UNIT}{{{long_enough},}}",
            f"{_URL_START}{_URL_UNIT}*%",
            f"{_URL_START}{_URL_UNIT}*{BASE64_RUN_SOURCE}"]
