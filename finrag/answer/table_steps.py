"""The steps that read a retrieved table whole, whatever the question's intent, tried in order before the
fact search: Item 5.07's votes, Item 5's purchases ("nov 2022 buyback"), an account's roll-forward, a class
column's share ("what share … was classified as Level 3"), the share of a gross cost accumulated depreciation
has used up, a named row's share of its total, a pension plan's funded ratio, the points a printed share moved
since last year, the pay of the people holding one role, the combined stake of the holders named, a figure
per employee, the share of the staff working at home or abroad."""

from __future__ import annotations

from collections.abc import Callable

from finrag.answer.accumulated_share import accumulated_share_step
from finrag.answer.column_share import column_share_step
from finrag.answer.funded import funded_step
from finrag.answer.headcount_share import headcount_share_step
from finrag.answer.holders_sum import holders_sum_step
from finrag.answer.movements import movements_step
from finrag.answer.numeric import NumericAnswer
from finrag.answer.per_employee import per_employee_step
from finrag.answer.prepared import Prepared
from finrag.answer.purchases import purchases_step
from finrag.answer.role_pay import role_pay_step
from finrag.answer.row_share import row_share_step
from finrag.answer.share_points import share_points_step
from finrag.answer.votes import votes_step
from finrag.index.store import Store
from finrag.model import Hit

TableStep = Callable[[Store, Prepared, list[Hit]], NumericAnswer | None]

TABLE_STEPS: tuple[tuple[str, TableStep], ...] = (
    ("votes", votes_step),
    ("purchases", purchases_step),
    ("movements", movements_step),
    ("accumulated_share", accumulated_share_step),
    ("column_share", column_share_step),
    ("row_share", row_share_step),
    ("funded", funded_step),
    ("share_points", share_points_step),
    ("role_pay", role_pay_step),
    ("holders_sum", holders_sum_step),
    ("per_employee", per_employee_step),
    ("headcount_share", headcount_share_step),
)
