"""The Formula record and the arithmetic shapes formulas share (ratio, margin, growth, turnover ...)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from decimal import Decimal

DAYS_PER_YEAR = Decimal(365)  # the convention FinanceBench and most analysts use for "days" ratios
VARIADIC = ("sum", "average", "average_share")  # formulas over any number of inputs


@dataclass(slots=True, frozen=True)
class Formula:
    name: str
    zh: str
    en: str
    concepts: tuple[str, ...]  # line-item concept of each operand, in template order ("*" = any)
    template: str  # "({0} − {1}) / {0}": operand positions
    evaluate: Callable[[list[Decimal]], Decimal]
    percent: bool  # result shown as a percentage
    keywords: tuple[str, ...]  # words in a question that ask for this formula
    same_unit: bool = False  # result keeps the operands' unit (sum, difference)

    @property
    def named(self) -> bool:
        """The formula names its own operands (gross margin: gross profit over revenue), not any item the
        question names (growth, share, difference: "*")."""
        return self.concepts[0] != "*"

    @property
    def sums_parts(self) -> bool:
        """The result is several parts summed over one whole ("({0} + {1} + {2}) / {3}"): the sum is worth
        showing as a step of its own. Read off the template, since formulas are also built at answer time
        (a question's own definition, a debt ratio over the debt rows a balance sheet prints)."""
        return (
            self.template.startswith("(")
            and self.template.endswith(f") / {{{len(self.concepts) - 1}}}")
            and (" + " in self.template)
        )


def ratio(xs: list[Decimal]) -> Decimal:
    return xs[0] / xs[1]


def margin(xs: list[Decimal]) -> Decimal:
    return (xs[0] - xs[1]) / xs[0]


def growth(xs: list[Decimal]) -> Decimal:
    return (xs[0] - xs[1]) / abs(xs[1])


def turnover(xs: list[Decimal]) -> Decimal:
    """A flow over the average of a balance's opening and closing values."""
    return xs[0] / ((xs[1] + xs[2]) / 2)


def dpo(xs: list[Decimal]) -> Decimal:
    """Average payables over the year's purchases (cost of sales plus the change in inventory), in days."""
    return DAYS_PER_YEAR * ((xs[0] + xs[1]) / 2) / (xs[2] + xs[3] - xs[4])


def mean_share(xs: list[Decimal]) -> Decimal:
    shares = [xs[i] / xs[i + 1] for i in range(0, len(xs) - 1, 2)]
    return total(shares) / len(shares)


def total(xs: list[Decimal]) -> Decimal:
    return sum(xs, Decimal(0))


def mean(xs: list[Decimal]) -> Decimal:
    return total(xs) / len(xs)


def diff(xs: list[Decimal]) -> Decimal:
    return xs[0] - xs[1]
