"""A figure of the filer's peers or industry is answered only by evidence printed for the peers."""

from __future__ import annotations

from finrag.answer.extractive import extractive_answer
from finrag.answer.figures import extractive_inputs
from finrag.answer.peers import asks_peers, named_peer
from finrag.answer.query import analyze
from finrag.config import AnswerSettings
from finrag.model import Chunk, ChunkKind, ChunkMeta

OWN = (
    "1、与公司偿债能力相关的财务指标\n| 指标 | 2005年 | 2004年 |\n|---|---|---|\n"
    "| 流动比率 | 1.24 | 1.28 |\n| 资产负债率（%） | 42.10 | 39.62 |\n"
    "公司资产负债率与同行业上市公司相比处于合理水平。"
)
PEERS = (
    "与同行业可比上市公司比较\n| 项目 | 本公司 | 可比公司平均 |\n|---|---|---|\n"
    "| 资产负债率（%） | 42.10 | 51.30 |"
)


def _chunk(chunk_id: str, text: str) -> Chunk:
    meta = ChunkMeta("南岭民爆.PDF", "prospectus", "zh", company="南岭民爆", fiscal_year=2005)
    return Chunk(chunk_id, "d1", text, ChunkKind.TABLE, [138], ["偿债能力分析"], meta)


def test_the_peers_figure_is_asked_alone_not_beside_the_filer_s() -> None:
    assert asks_peers(analyze("南岭民爆招股意向书中，同行业可比上市公司2005年末的平均资产负债率是多少？"))
    assert asks_peers(analyze("爱康招股意向书称安装支架行业毛利率较高，该行业2010年的平均毛利率是多少？"))
    assert not asks_peers(analyze("国电电力2006年末资产负债率比可比公司的平均资产负债率高出多少个百分点？"))
    assert not asks_peers(analyze("南岭民爆2005年末的资产负债率是多少？"))


def test_the_filer_s_own_row_is_no_answer_for_its_peers() -> None:
    asked = analyze("南岭民爆招股意向书中，同行业可比上市公司2005年末的平均资产负债率是多少？")
    question, context, focus = extractive_inputs(asked, [(1, _chunk("c1", OWN))], AnswerSettings())
    assert extractive_answer(question, context, 3, 400, focus) == ""  # the remark below is no peer column
    both = [(1, _chunk("c1", OWN)), (2, _chunk("c2", PEERS))]
    question, context, focus = extractive_inputs(asked, both, AnswerSettings())
    assert "51.30" in extractive_answer(question, context, 3, 400, focus)


def test_a_company_an_english_question_calls_a_peer_is_not_the_filer() -> None:
    question = (
        "What was the effective income tax rate of Ringpu Biology (瑞普生物), a peer named in Jinyu"
        " Bio-Technology's (金宇生物) 2020 annual report, for fiscal 2020?"
    )
    assert asks_peers(analyze(question))
    assert asks_peers(analyze("How many R&D staff did Ringpu, one of the peers in Jinyu's report, have?"))
    assert not asks_peers(analyze("What 2004 gross margin does the peer comparison table show for Yunsheng?"))
    assert not asks_peers(analyze("What was Jinyu's effective income tax rate for fiscal 2020?"))
    own = "合并利润表\n| 项目 | 2020年度 |\n|---|---|\n| 利润总额 | 476,214,969.38 |\n"
    own += "| 所得税费用 | 53,824,890.47 |"
    inputs = extractive_inputs(analyze(question), [(1, _chunk("c1", own))], AnswerSettings())
    assert extractive_answer(*inputs[:2], 3, 400, inputs[2]) == ""  # the filer's rows are not the peer's


def test_a_peer_named_in_chinese_is_asked_of_not_the_filer() -> None:
    asked = analyze("南岭民爆招股书里提到的竞争对手华达化工，2005年末的资产负债率是多少？")
    assert asks_peers(asked) and named_peer(asked) == "华达化工"
    question, context, focus = extractive_inputs(asked, [(1, _chunk("c1", OWN))], AnswerSettings())
    assert extractive_answer(question, context, 3, 400, focus) == ""  # the filer's own 42.10 is not its
    # where the peers are compared is no peer's name; the filer asked beside a peer asks both
    assert named_peer(analyze("南岭民爆招股书的同行业比较表中，本公司2005年毛利率是多少？")) == ""
    assert not asks_peers(analyze("南岭民爆2005年末资产负债率比竞争对手华达化工高出多少？"))


def test_a_customer_named_before_its_own_figures_is_asked_of_not_the_filer() -> None:
    asked = analyze("爱康太阳能的客户无锡尚德2008—2010年营业收入的年均复合增长率是多少？")
    assert named_peer(asked) == "无锡尚德" and asks_peers(asked)
    # sales to a customer are the filer's own figure: no customer's name asked of
    assert named_peer(analyze("安妮股份2007年对第一大客户的销售额是多少？")) == ""
    assert named_peer(analyze("爱康2010年对前五大客户的销售额较2009年增长了多少？")) == ""
    assert named_peer(analyze("安妮的涂布纸自给率和产品客户化率在2004年至2006年间提高了多少？")) == ""
