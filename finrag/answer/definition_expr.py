"""The expression of a formula a question spells out, read into operands and operators: "(cash and cash
equivalents + current marketable securities + net accounts receivable) / total current liabilities", "A plus
B, and divide by C", "the average of X (A minus B) at two dates"; a quoted row is one operand, a bracket after
an operand that only glosses it ("capex (purchases of PP&E)") is no grouping. Where a question defines a
metric is :mod:`finrag.answer.definition`'s; binding the operands to facts :mod:`finrag.answer.defined`'s."""

from __future__ import annotations

import re
from dataclasses import dataclass, replace

from finrag.answer.definition_terms import Constant, Term, read_term
from finrag.answer.lexicon import SIGN_ALT, LineItemMatch

OPERATOR_TOKENS = ("+", "-", "*", "/", "^")
_OPERATORS = (
    (re.compile(r"\s*\^\s*"), "^"),
    (re.compile(r"\s+(?:divided\s+by|relative\s+to)\s+|\s*/\s*|\s*÷\s*", re.I), "/"),
    (re.compile(r"\s*[×*]\s*|\s+times\s+|(?<=\d)\s+x\s+|\s+x\s+(?=\d)", re.I), "*"),  # "365 x (…)", "… x 365"
    (re.compile(r"\s+plus\s+|\s*\+\s*", re.I), "+"),
    (re.compile(r"\s+(?:minus|less)\s+|\s+[-−–]\s+", re.I), "-"),
)
OPERATOR_WORDS = re.compile(
    r"\bplus\b|\bminus\b|\bless\b|\bdivided by\b|\brelative to\b|[+/÷×*−^]|\s[-–]\s", re.I
)
MAX_OPERANDS = 6  # longer "definitions" are prose, not a formula


@dataclass(slots=True, frozen=True)
class Definition:
    name: str  # the metric as the question names it
    tokens: list[Term | Constant | str]  # infix: operands, operators "+ - * / ^" and brackets "(" ")"

    @property
    def terms(self) -> list[Term]:
        """The operands looked up as facts (not the numbers the definition writes)."""
        return [t for t in self.tokens if isinstance(t, Term)]

    def additive(self) -> bool:
        """Only sums and differences: the result is an amount in the operands' unit."""
        return all(t in ("+", "-", "(", ")") for t in self.tokens if isinstance(t, str))


# "A plus B, and divide by C": the division applies to everything before it
_TAKE = re.compile(r"^\s*(?:take|use|add)\s+(?=\S)", re.I)
_COMMA_DIVIDED = re.compile(r"^(?P<a>.+?),\s*(?:all\s+|then\s+)?divided\s+by\s+(?P<b>.+)$", re.I)
_ADDITIVE = re.compile(r"\bplus\b|\bminus\b|\bless\b|[+−]|\s-\s", re.I)
_THEN = re.compile(
    r"^(?P<a>.+?),?\s+and\s+(?:then\s+)?(?P<op>divide|multiply)d?\s+"
    r"(?:it\s+|that\s+|this\s+|the\s+(?:sum|result|total)\s+)?by\s+(?P<b>.+)$",
    re.I,
)


# "… / total revenues for each year, then take the simple average": how to use the metric, not an operand
_HOW_TO_USE = re.compile(
    r",?\s+(?:for each (?:year|period|quarter)\b|(?:and\s+)?then\s+(?:take|average)\b).*$"
    r"|,\s*(?:(?:all|both|each)\s+)?"  # the source: ", all as shown in the cash flow statement"
    r"(?:using|based on|according to|relying on|as (?:reported|shown|presented) in)\b.*$"
    # how to give the result: ", and round to one decimal place", ", rounded to …", ", expressed as …"
    r"|,?\s*(?:and\s+)?(?:round(?:ed|ing)?|express(?:ed)?|answer(?:ed)?|shown|give[ns]?)\s+(?:it\s+|the\s+\w+\s+)?"
    r"(?:to|in|as)\b.*$"
    # ", in percent to one decimal place", ", from the condensed consolidated balance sheet"
    r"|,\s*(?:in\s+(?:percent(?:age)?|usd|us\$|dollars|millions|billions)|from\s+the)\b.*$"
    # "… from the cash flow statement in its 2022 10-K": the filing to read (the statement names the row's)
    r"|\s+(?:in|from|per)\s+(?:its|the)\s+(?:(?:fiscal\s+)?\d{4}\s+)?(?:form\s+)?"
    r"(?:10-[kq]|annual report|quarterly report|earnings release)\b.*$",
    re.I,
)


def parse_expression(name: str, expr: str) -> Definition | None:
    # "net cash provided by (used in) operating activities": the row name's other sign, not a gloss
    expr = SIGN_ALT.sub(" ", _HOW_TO_USE.sub("", expr))
    expr = _TAKE.sub("", expr)  # "take earnings from operations plus …"
    expr = _CURRENT_AND_LONG.sub("current portion of long-term debt plus long-term debt", expr)
    expr = _GLOSSED_AVERAGE.sub(_average_spelled_out, expr)
    if then := _THEN.match(expr.strip()):
        expr = f"({then['a']}) {'/' if then['op'].lower() == 'divide' else '*'} ({then['b']})"
    elif (whole := _COMMA_DIVIDED.match(expr.strip())) and _ADDITIVE.search(whole["a"]):
        expr = f"({whole['a']}) / ({whole['b']})"  # "A plus B, divided by C": the sum over C
    tokens: list[Term | Constant | str] = []
    gloss = 0  # depth inside a bracket that explains the operand before it: "capex (purchases of PP&E)"
    pieces = _split_brackets(expr.strip().rstrip("."))
    for i, piece in enumerate(pieces):
        if gloss:
            gloss += {"(": 1, ")": -1}.get(piece, 0)
            continue
        if piece == "(" and tokens and isinstance(tokens[-1], Term):
            inner = " ".join(pieces[i + 1 : _closing(pieces, i)])
            if not OPERATOR_WORDS.search(inner) or _ROW_REMARK.match(inner):
                gloss = 1  # "capex (purchases of PP&E)", "long-term debt (less current portion)": a gloss
                continue
            tokens.pop()  # "total debt (short-term debt + long-term debt)": the bracket spells it out
        if piece in ("(", ")"):
            tokens.append(piece)
            continue
        for part in _split_operators(piece):
            if part in OPERATOR_TOKENS:
                tokens.append(part)
            elif part.strip():
                term = read_term(part)
                if term is None:
                    return None
                tokens.append(term)
    terms = [t for t in tokens if isinstance(t, Term)]
    if not 2 <= len(terms) <= MAX_OPERANDS and not any(t.average_of for t in terms):
        return None
    if all(_POSITION.fullmatch(t.item.printed) for t in terms):  # "total unearned revenue (short-term plus
        head = _TOTAL.sub("", name)  # long-term)": the short-term and long-term parts of unearned revenue
        tokens = [
            replace(t, item=LineItemMatch("", f"{t.item.printed} {head}", 0)) if isinstance(t, Term) else t
            for t in tokens
        ]
    return Definition(name, tokens) if _well_formed(tokens) else None


# "notes payable plus current and long-term debt": the current portion's row and the long-term row
_CURRENT_AND_LONG = re.compile(r"\bcurrent and long-term debt\b", re.I)
# a part named only by where it stands, elliptical for that part of the defined item
_POSITION = re.compile(r"(?:non-?)?current|short-term|long-term", re.I)
_TOTAL = re.compile(r"^total\s+", re.I)


# a bracket after an operand that says which part of its row is meant, as statements print it
_ROW_REMARK = re.compile(r"\s*(?:less|net of|excluding)\s+[^+/*×÷^]*$", re.I)


def _closing(pieces: list[str], start: int) -> int:
    """Index of the bracket closing the one at ``start`` (the end when it is never closed)."""
    depth = 0
    for i in range(start, len(pieces)):
        depth += {"(": 1, ")": -1}.get(pieces[i], 0)
        if depth == 0:
            return i
    return len(pieces)


def _split_brackets(expr: str) -> list[str]:
    """The expression with each bracket a piece of its own (the caller tells grouping from glosses)."""
    out: list[str] = []
    depth_text = ""
    for ch in expr:
        if ch in "()":
            if depth_text.strip():
                out.append(depth_text)
            out.append(ch)
            depth_text = ""
        else:
            depth_text += ch
    if depth_text.strip():
        out.append(depth_text)
    return out


# "the average of Verizon shareholders' equity (total equity minus noncontrolling interests) at December 31,
# 2021 and December 31, 2022": a bracket between an average's item and its dates
_GLOSSED_AVERAGE = re.compile(
    r"(?:the\s+)?average\s+of\s+(?P<item>[^()]+?)\s*\((?P<inner>[^()]*)\)\s*"
    r"(?P<dates>(?:at|as of|between|from|for|over)\s+[^()]*?(?:19|20)\d{2}\s+(?:and|to)\s+"
    r"[^()]*?(?:19|20)\d{2})",
    re.I,
)


def _average_spelled_out(m: re.Match[str]) -> str:
    """An average whose item a bracket spells out is the average of each operand (the mean of a difference
    is the difference of the means); a bracket that only remarks on the item ("excluding noncontrolling
    interests") leaves the item's own average."""
    parts = _split_operators(m["inner"]) if OPERATOR_WORDS.search(m["inner"]) else []
    if not parts:
        return f"the average of {m['item']} {m['dates']}"
    spelled = " ".join(p if p in OPERATOR_TOKENS else f"the average of {p} {m['dates']}" for p in parts)
    return f"({spelled})"


# a quoted row name is one operand, whatever it prints: "“按法定/适用税率计算的所得税费用”/利润总额"
_QUOTED_OPERAND = re.compile(r"[“\"「][^“”\"「」]{1,60}[”\"」]")


def _split_operators(text: str) -> list[str]:
    quoted = _QUOTED_OPERAND.findall(text)
    for i, q in enumerate(quoted):
        text = text.replace(q, f"\x00{i}\x00", 1)
    parts: list[str] = [f" {text} "]
    for pattern, op in _OPERATORS:
        nxt: list[str] = []
        for part in parts:
            if part in OPERATOR_TOKENS:
                nxt.append(part)
                continue
            pieces = pattern.split(part)
            for i, p in enumerate(pieces):
                if i:
                    nxt.append(op)
                nxt.append(p)
        parts = nxt
    for i, q in enumerate(quoted):
        parts = [p.replace(f"\x00{i}\x00", q[1:-1]) for p in parts]
    return [p if p in OPERATOR_TOKENS else p.strip() for p in parts]


def _well_formed(tokens: list[Term | Constant | str]) -> bool:
    """Operands and operators alternate; brackets balance."""
    depth, want_operand = 0, True
    for t in tokens:
        if t == "(":
            if not want_operand:
                return False
            depth += 1
        elif t == ")":
            depth -= 1
            if depth < 0 or want_operand:
                return False
        elif isinstance(t, (Term, Constant)):
            if not want_operand:
                return False
            want_operand = False
        else:
            if want_operand:
                return False
            want_operand = True
    return depth == 0 and not want_operand
