"""What a learner's first line must not contain, shared by the tests that read it."""

from __future__ import annotations

import re

RULE_ID = re.compile(r"\b(?:R\d+\.\d+|[DFOPQS]\d+)\b|§E")
"""A rule id of rules.md (R6.1, P2, F4, Q18, §E …): it belongs in the fold, not the first line."""
CARD_CODE = re.compile(r"\b[3-9JQKA][CSHD]\b")
"""An engine card code (9D): a learner reads 9♦."""
