"""How a Chinese row label holds an item asked: as one of a list ("A、B、C" of a long label), or as the summed
row a total asked as "X总数" is printed as ("X的数量合计")."""

from __future__ import annotations

import re

_LISTED = "、"  # the Chinese enumeration comma


def only_listed(label: str, item: str) -> bool:
    """Every time ``label`` prints ``item`` it is one of a list ("A、B、C"): the row is of all of them."""
    at = [m.start() for m in re.finditer(re.escape(item), label)]
    return bool(at) and all(
        label[i - 1 : i] == _LISTED or label[i + len(item) : i + len(item) + 1] == _LISTED for i in at
    )


# a Chinese total asked as "X总数" that a table prints as its summed row ("X的数量合计", "X合计")
_ZH_TOTAL_ASKED = re.compile(r"(?<=[\u4e00-\u9fff]{2})(?:总人数|总数|总额|总计)$")
_ZH_TOTAL_ROWS = ("的数量合计", "数量合计", "的人数合计", "人数合计", "合计", "总计", "总数")


def zh_total_forms(wanted: str) -> tuple[str, ...]:
    """The summed rows a Chinese total asked as "X总数" may be printed as; none for another name."""
    stem = _ZH_TOTAL_ASKED.sub("", wanted)
    return tuple(stem + t for t in _ZH_TOTAL_ROWS) if stem != wanted else ()
