"""Allowances a provider states with their numbers ("Limit 7000, Used 0, Requested ~12903")."""

from __future__ import annotations

import re

# The limit, then within the same sentence the size of this one request.
_LIMIT_THEN_REQUESTED = re.compile(r"\blimit:?\s*~?(\d[\d,]*)\b[^.]{0,60}?\brequested:?\s*~?(\d[\d,]*)", re.I)


def requested_above_limit(text: str) -> bool:
    """One request larger than the whole allowance: no wait can make it fit."""
    for found in _LIMIT_THEN_REQUESTED.finditer(text):
        limit, requested = (int(number.replace(",", "")) for number in found.groups())
        if requested > limit:
            return True
    return False
