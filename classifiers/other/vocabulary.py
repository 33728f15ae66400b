"""rules/other_inputs.toml, loaded once."""

from __future__ import annotations

import re
import tomllib
from functools import lru_cache
from pathlib import Path

PATH = Path(__file__).resolve().parent.parent / "rules" / "other_inputs.toml"


@lru_cache(maxsize=1)
def vocabulary() -> dict:
    return tomllib.loads(PATH.read_text("utf-8"))


@lru_cache(maxsize=None)
def pattern(section: str, name: str) -> re.Pattern:
    return re.compile(vocabulary()[section][name], re.IGNORECASE | re.MULTILINE)
