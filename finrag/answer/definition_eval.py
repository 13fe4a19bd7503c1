"""A question's own formula's expression worked out on its operands' values with Decimal arithmetic (roots in
floating point), and shown as a template with a slot per operand."""

from __future__ import annotations

from collections.abc import Callable
from decimal import Decimal

from finrag.answer.definition_expr import OPERATOR_TOKENS
from finrag.answer.definition_terms import Constant, Term
from finrag.errors import AnswerError


def evaluate(tokens: list[Term | Constant | str], values: list[list[Decimal]]) -> Decimal:
    """The definition worked out on the operands' values (one list per looked-up Term: one value, or two to
    average; the numbers it writes are used as written),
    with the usual precedence: brackets, then × and /, then + and −."""
    flat: list[Decimal | str] = []
    it = iter(values)
    for t in tokens:
        if isinstance(t, Constant):
            flat.append(t.value)
        elif isinstance(t, Term):
            vals = next(it)  # the later balance first
            flat.append(vals[0] - vals[1] if t.change else sum(vals, Decimal(0)) / len(vals))
        else:
            flat.append(t)
    pos = 0

    def level(ops: tuple[str, ...], operand: Callable[[], Decimal]) -> Callable[[], Decimal]:
        """One precedence level: operands joined by ``ops``, left to right."""

        def run() -> Decimal:
            nonlocal pos
            value = operand()
            while pos < len(flat) and flat[pos] in ops:
                op = flat[pos]
                pos += 1
                value = _apply(str(op), value, operand())
            return value

        return run

    def factor() -> Decimal:
        nonlocal pos
        tok = flat[pos]
        pos += 1
        if tok == "(":
            value = expr()
            pos += 1  # the closing bracket
            return value
        assert isinstance(tok, Decimal)
        return tok

    expr = level(("+", "-"), level(("*", "/"), level(("^",), factor)))
    return expr()


def _apply(op: str, a: Decimal, b: Decimal) -> Decimal:
    if op == "/" and b == 0:
        raise AnswerError("division by zero in the cited figures")
    if op == "^":  # "(A / B)^(1/2) − 1": a root, in floating point (a CAGR needs no more digits)
        if a < 0:
            raise AnswerError("a root of a negative figure")
        return Decimal(float(a) ** float(b))
    return {"+": a + b, "-": a - b, "*": a * b}[op] if op != "/" else a / b


def template(tokens: list[Term | Constant | str]) -> str:
    """The definition with operand slots: "({0} + {1} + {2}) / {3}"; an average takes two slots."""
    out: list[str] = []
    n = 0
    for t in tokens:
        if isinstance(t, Constant):
            out.append(str(t.value))
        elif isinstance(t, Term):
            if t.average_of:
                pair = f"{{{n}}} − {{{n + 1}}}" if t.change else f"({{{n}}} + {{{n + 1}}}) / 2"
                out.append(f"({pair})")
                n += 2
            else:
                out.append(f"{{{n}}}")
                n += 1
        elif t in OPERATOR_TOKENS:
            out.append({"+": " + ", "-": " − ", "*": " × ", "/": " / ", "^": "^"}[t])
        else:
            out.append(t)
    return "".join(out)
