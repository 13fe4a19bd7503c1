"""Values a Chinese sentence lists for several years with "分别": each belongs to its own year."""

from __future__ import annotations

import re

from finrag.answer.roles import asked_role, role_evidence
from finrag.answer.series import value_years

SPAN = "2004-2006年，本公司前5名销售客户销售总额占年度全部产品收入的比例分别为79.20%、72.47%和61.37%。"
LISTED = (
    "公司2006年1-6月、2005年度、2004年度、2003年度的营业费用分别为1115.20万元、1568.88万元、1337.04万元、"
    "1083.17万元，占同期主营业务收入的比重分别为10.25%、8.19%、8.72%、9.63%。"
)


def _values(sentence: str, pattern: str) -> dict[str, int]:
    spans = [(m.start(), m.end()) for m in re.finditer(pattern, sentence)]
    return {sentence[a:b]: year for (a, b), year in value_years(sentence, spans).items()}


def test_a_span_of_years_pairs_with_the_values_in_order() -> None:
    assert _values(SPAN, r"\d+\.\d+%") == {"79.20%": 2004, "72.47%": 2005, "61.37%": 2006}


def test_each_respectively_list_pairs_with_the_years_listed_before_the_first() -> None:
    percents = _values(LISTED, r"\d+\.\d+%")
    assert percents == {"10.25%": 2006, "8.19%": 2005, "8.72%": 2004, "9.63%": 2003}
    assert _values(LISTED, r"[\d.]+万元")["1337.04万元"] == 2004


def test_no_pairing_when_the_counts_differ_or_no_year_list_is_given() -> None:
    assert _values("2004-2006年，比例分别为79.20%和72.47%。", r"\d+\.\d+%") == {}
    assert _values("报告期内，比例分别为79.20%、72.47%和61.37%。", r"\d+\.\d+%") == {}
    assert _values("截至2006年6月30日，比例为79.20%。", r"\d+\.\d+%") == {}


def test_a_role_asked_for_one_year_takes_that_years_value() -> None:
    role = asked_role("国电电力2005年向前5名销售客户的销售总额占年度全部产品收入的比例是多少？")
    assert role is not None
    assert role_evidence(role, [(1, SPAN)]).value == "79.20%"  # no year asked: the first value
    assert role_evidence(role, [(1, SPAN)], years=(2005,)).value == "72.47%"
    assert role_evidence(role, [(1, SPAN)], years=(2006,)).value == "61.37%"
