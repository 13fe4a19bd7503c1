"""A figure of the filer's peers or its industry ("同行业可比上市公司2005年末的平均资产负债率"): the filer's
own rows never answer it, only evidence printed for the peers does."""

from __future__ import annotations

import re

from finrag.answer.query import AskedFor

# what evidence printed for the peers says of itself: a comparison table's heading or column, "可比公司平均"
PEER_PRINTS = ("可比", "同行业", "同业", "行业平均")
_PEERS = re.compile(r"可比(?:上市)?公司|同行业|同业|该行业|行业的?平均")
# the filer's figure set against the peers' ("比可比公司的平均资产负债率高出多少"): both are asked
_COMPARED = re.compile(r"(?<!可)比|高于|低于|高出|低出|相比|对比|差额|差距|是否")
_CLAUSES = re.compile(r"[，,；;。？?]")
# "Ringpu Biology (瑞普生物), a peer named in Jinyu's 2020 annual report", "…, one of the peers in …": the
# company asked is a peer the filer names, not the filer
_EN_PEER = re.compile(
    r",\s+(?:a|an|one of (?:the|its))\s+(?:[\w-]+\s+){0,2}(?:peers?|competitors?|rivals?)\b(?!\s+comparison)",
    re.I,
)


# "金宇生物年报里拿来对标的同行普莱柯，…", "招股书里提到的竞争对手横店东磁，…": a peer the filer
# names, asked of
_ZH_NAMED_PEER = re.compile(
    r"(?:同行(?:业)?(?:公司|企业)?|竞争对手|可比(?:上市)?公司|对标(?:公司|企业)?)(?:之一)?[是为的]?"
    r"(?P<name>[\u4e00-\u9fff]{2,6}?)(?=[，,的在]|(?:19|20)\d{2})"
)
# "爱康太阳能的客户无锡尚德2008—2010年营业收入": a customer's or supplier's own figure, never the filer's
# (never "前五大客户的销售额较2009年", "产品客户化率在2004年": no name after 的 or inside a word)
_ZH_NAMED_PARTY = re.compile(
    r"(?<=的)(?:客户|供应商)(?P<name>(?:(?![的在和及与是为了])[\u4e00-\u9fff]){2,6}?)"
    r"(?=(?:19|20)\d{2}|的(?:营业收入|净利润|总资产|利润总额))"
)
# "同行业可比上市公司": the peers as a group; "同行业比较表中": where they are compared
_NO_NAME = re.compile(r"公司|企业|行业|可比|平均|上市|比较|表|列示|中$")


def named_peer(asked: AskedFor) -> str:
    """The peer a Chinese question names and asks of ("竞争对手横店东磁"), unless it is a company the corpus
    holds; else ""."""
    if asked.language != "zh":
        return ""
    for m in [*_ZH_NAMED_PEER.finditer(asked.question), *_ZH_NAMED_PARTY.finditer(asked.question)]:
        name = m.group("name")
        known = any(name in c or c in name for c in [*asked.companies, *asked.entities])
        if not _NO_NAME.search(name) and not known:
            return name
    return ""


def asks_peers(asked: AskedFor) -> bool:
    """The clause that asks (the question's last) asks the peers' or the industry's figure alone, or of a
    peer the question names; an English question names the company it asks of as a peer."""
    if asked.language != "zh":
        return _EN_PEER.search(asked.question) is not None
    clauses = [c for c in _CLAUSES.split(asked.question) if c.strip()]
    asking = clauses[-1] if clauses else ""
    return (_PEERS.search(asking) is not None or named_peer(asked) != "") and _COMPARED.search(asking) is None
