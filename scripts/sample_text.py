"""Texts and figures of the sample documents (fictional companies). Used by make_examples.py."""

from __future__ import annotations

from decimal import Decimal as D


def _yuan(v: D) -> str:
    return f"{v:,.2f}"


# ---------------------------------------------------------------- 星河精工 2023 annual report (元)
_REV = (D("1256780432.15"), D("1087654321.60"))
_COSTS = {
    "其中：营业成本": (D("872345678.90"), D("771203456.78")),
    "税金及附加": (D("8765432.10"), D("7654321.09")),
    "销售费用": (D("45678901.23"), D("40123456.78")),
    "管理费用": (D("62345678.90"), D("55432109.87")),
    "研发费用": (D("71234567.89"), D("60987654.32")),
    "财务费用": (D("3853059.40"), D("-1282791.49")),
}
_OTHER_INCOME = (D("12345678.90"), D("10234567.89"))
_INVEST = (D("4567890.12"), D("3456789.01"))
_NONOP_IN = (D("1234567.89"), D("987654.32"))
_NONOP_OUT = (D("456789.01"), D("345678.90"))
_TAX = (D("39456789.12"), D("33567890.45"))
_MINORITY = (D("1234567.89"), D("1023456.78"))


def _income_statement() -> tuple[list[list[str]], dict[str, tuple[D, D]]]:
    total_cost = tuple(sum((v[i] for v in _COSTS.values()), D(0)) for i in (0, 1))
    op = tuple(_REV[i] - total_cost[i] + _OTHER_INCOME[i] + _INVEST[i] for i in (0, 1))
    pretax = tuple(op[i] + _NONOP_IN[i] - _NONOP_OUT[i] for i in (0, 1))
    net = tuple(pretax[i] - _TAX[i] for i in (0, 1))
    parent = tuple(net[i] - _MINORITY[i] for i in (0, 1))
    items: list[tuple[str, tuple[D, ...]]] = [
        ("一、营业总收入", _REV),
        ("其中：营业收入", _REV),
        ("二、营业总成本", total_cost),
        *_COSTS.items(),
        ("加：其他收益", _OTHER_INCOME),
        ("投资收益（损失以“-”号填列）", _INVEST),
        ("三、营业利润（亏损以“-”号填列）", op),
        ("加：营业外收入", _NONOP_IN),
        ("减：营业外支出", _NONOP_OUT),
        ("四、利润总额（亏损总额以“-”号填列）", pretax),
        ("减：所得税费用", _TAX),
        ("五、净利润（净亏损以“-”号填列）", net),
        ("1.归属于母公司股东的净利润", parent),
        ("2.少数股东损益", _MINORITY),
    ]
    rows = [["项目", "2023年度", "2022年度"]] + [[name, _yuan(v[0]), _yuan(v[1])] for name, v in items]
    return rows, {"revenue": _REV, "net": (net[0], net[1]), "parent": (parent[0], parent[1])}


INCOME_STATEMENT, _FIG = _income_statement()
_growth = (_FIG["revenue"][0] / _FIG["revenue"][1] - 1) * 100
_net_growth = (_FIG["net"][0] / _FIG["net"][1] - 1) * 100

MDA_ZH = [
    f"报告期内，面对复杂多变的外部环境，公司坚持“精密制造＋智能服务”双轮驱动战略，持续加大研发投入。"
    f"2023年公司实现营业收入{_FIG['revenue'][0] / 100_000_000:.2f}亿元，较上年同期增长{_growth:.2f}%；"
    f"实现净利润{_FIG['net'][0] / 10_000:,.2f}万元，同比增长{_net_growth:.2f}%；"
    f"归属于母公司股东的净利润{_FIG['parent'][0] / 10_000:,.2f}万元。",
    "分产品看，精密减速器业务实现收入7.82亿元，同比增长21.4%，主要受益于工业机器人下游需求回暖；"
    "伺服系统业务实现收入3.96亿元，同比增长8.7%。分地区看，海外收入占比提升至18.6%。",
    "研发方面，公司全年研发投入7,123.46万元，占营业收入的5.67%，新增发明专利23项。"
    "公司将继续推进年产50万台精密减速器扩产项目，预计于2024年第四季度投产。",
]

# ---------------------------------------------------------------- Northwind Robotics 10-Q (USD millions)
_BS_ASSETS_CUR = [
    ("Cash and cash equivalents", 1245, 1102),
    ("Short-term investments", 380, 415),
    ("Accounts receivable, net", 642, 598),
    ("Inventories", 517, 489),
    ("Prepaid expenses and other current assets", 96, 88),
]
_BS_ASSETS_LT = [
    ("Property and equipment, net", 1134, 1087),
    ("Goodwill", 742, 742),
    ("Intangible assets, net", 213, 236),
    ("Other assets", 154, 149),
]
_BS_LIAB_CUR = [
    ("Accounts payable", 388, 356),
    ("Accrued liabilities", 274, 301),
    ("Current portion of long-term debt", 150, 100),
]
_BS_LIAB_LT = [
    ("Long-term debt, net of current portion", 1200, 1350),
    ("Other long-term liabilities", 186, 179),
]


def _usd(v: int) -> str:
    return f"${v:,}"


def _balance_sheet() -> list[list[str]]:
    def total(items: list[tuple[str, int, int]], i: int) -> int:
        return sum(int(x[i]) for x in items)

    cur_a = (total(_BS_ASSETS_CUR, 1), total(_BS_ASSETS_CUR, 2))
    assets = (cur_a[0] + total(_BS_ASSETS_LT, 1), cur_a[1] + total(_BS_ASSETS_LT, 2))
    cur_l = (total(_BS_LIAB_CUR, 1), total(_BS_LIAB_CUR, 2))
    liab = (cur_l[0] + total(_BS_LIAB_LT, 1), cur_l[1] + total(_BS_LIAB_LT, 2))
    common, apic = (1, 1), (1512, 1468)
    retained = tuple(assets[i] - liab[i] - common[i] - apic[i] for i in (0, 1))
    equity = (assets[0] - liab[0], assets[1] - liab[1])
    rows = [["", "September 30, 2024", "December 31, 2023"], ["ASSETS", "", ""]]
    rows += [[n, _usd(a), _usd(b)] for n, a, b in _BS_ASSETS_CUR]
    rows += [["Total current assets", _usd(cur_a[0]), _usd(cur_a[1])]]
    rows += [[n, _usd(a), _usd(b)] for n, a, b in _BS_ASSETS_LT]
    rows += [["Total assets", _usd(assets[0]), _usd(assets[1])]]
    rows += [["LIABILITIES AND STOCKHOLDERS' EQUITY", "", ""]]
    rows += [[n, _usd(a), _usd(b)] for n, a, b in _BS_LIAB_CUR]
    rows += [["Total current liabilities", _usd(cur_l[0]), _usd(cur_l[1])]]
    rows += [[n, _usd(a), _usd(b)] for n, a, b in _BS_LIAB_LT]
    rows += [
        ["Total liabilities", _usd(liab[0]), _usd(liab[1])],
        ["Common stock, $0.001 par value", _usd(common[0]), _usd(common[1])],
        ["Additional paid-in capital", _usd(apic[0]), _usd(apic[1])],
        ["Retained earnings", _usd(retained[0]), _usd(retained[1])],
        ["Total stockholders' equity", _usd(equity[0]), _usd(equity[1])],
        ["Total liabilities and stockholders' equity", _usd(assets[0]), _usd(assets[1])],
    ]
    return rows


BALANCE_SHEET = _balance_sheet()

MDA_EN = [
    "Overview. Northwind Robotics designs and manufactures autonomous mobile robots and fleet software for "
    "warehouses and factories. Revenue for the third quarter of 2024 was $812 million, an increase of 14% "
    "compared with $712 million in the third quarter of 2023, driven by higher robot shipments to logistics "
    "customers and 31% growth in recurring software subscriptions.",
    "Gross margin was 41.3% in the third quarter of 2024, compared with 39.8% a year earlier, reflecting a "
    "richer software mix and lower component costs. Operating expenses rose 9% to $221 million as we "
    "continued to invest in research and development.",
    "Liquidity and Capital Resources. As of September 30, 2024, we had cash and cash equivalents of $1,245 "
    "million and short-term investments of $380 million. During the quarter we repaid $150 million of our "
    "term loan; the current portion of long-term debt of $150 million is due in the third quarter of 2025. "
    "We believe existing cash and cash generated from operations will be sufficient to meet our needs for at "
    "least the next 12 months.",
]

# ---------------------------------------------------------------- gateway configuration (XLSX)
CONFIG_PARAMS: list[list[object]] = [
    ["参数名", "默认值", "单位", "说明"],
    ["gateway.timeout", 3000, "ms", "上游渠道请求超时时间；超时后返回错误码 E5021"],
    ["gateway.max_connections", 500, "个", "单实例最大并发连接数"],
    ["gateway.retry_times", 3, "次", "失败重试次数（仅对幂等请求生效）"],
    ["gateway.retry_backoff", 200, "ms", "重试退避基数，第 n 次重试等待 n×200 ms"],
    ["rate_limit.qps", 2000, "次/秒", "单商户限流阈值；超过后返回错误码 E4290"],
    ["cache.ttl", 600, "s", "商户配置缓存有效期"],
    ["callback.max_attempts", 8, "次", "异步通知最大重试次数"],
    ["db.pool_size", 50, "个", "数据库连接池大小"],
    ["sign.algorithm", "RSA2", "-", "签名算法，可选 RSA2 或 SM2"],
    ["log.level", "INFO", "-", "日志级别：DEBUG / INFO / WARN / ERROR"],
]
CONFIG_CHANGES: list[list[object]] = [
    ["版本", "日期", "变更内容", "变更人"],
    ["v2.3", "2024-03-01", "gateway.timeout 由 5000 ms 调整为 3000 ms", "王磊"],
    ["v2.2", "2023-11-15", "新增 rate_limit.qps 参数", "李娜"],
    ["v2.1", "2023-08-20", "sign.algorithm 支持 SM2", "张伟"],
]

# ---------------------------------------------------------------- payment gateway API (Markdown)
API_MARKDOWN = """\
# 星河支付网关 API 参考（v1）

本文档描述星河支付网关对商户开放的 HTTP 接口。所有接口使用 HTTPS，请求与响应均为 JSON（UTF-8）。

## 通用说明

- 基础地址：`https://api.example-pay.cn`
- 认证：请求头 `Authorization: Bearer <商户密钥>`，并用 `sign.algorithm`（默认 RSA2）对请求体签名。
- 超时：网关对上游渠道的默认超时时间为 3000 ms（参数 `gateway.timeout`）。

错误响应格式：

```json
{"code": "E5021", "message": "上游渠道超时", "request_id": "req_8f2c1a"}
```

## POST /v1/payments

创建一笔支付订单。

| 参数 | 类型 | 必填 | 说明 |
|---|---|---|---|
| merchant_order_no | string | 是 | 商户订单号，64 字符以内，商户内唯一 |
| amount | integer | 是 | 金额，单位：分 |
| currency | string | 否 | 币种，默认 CNY |
| notify_url | string | 是 | 异步通知地址 |

错误码：

| 错误码 | 含义 | 处理建议 |
|---|---|---|
| E4001 | 必填参数缺失 | 检查请求参数 |
| E4010 | 签名校验失败 | 检查签名算法与密钥 |
| E4290 | 超过商户限流阈值（rate_limit.qps） | 降低请求频率后重试 |
| E5021 | 上游渠道超时（超过 3000 ms） | 使用同一商户订单号查询订单状态，勿直接重复下单 |

## GET /v1/payments/{payment_id}

查询支付订单状态。状态取值：`pending`、`succeeded`、`failed`、`closed`。

错误码：E4040 订单不存在。

## POST /v1/refunds

对已成功的支付发起退款，支持部分退款。

| 参数 | 类型 | 必填 | 说明 |
|---|---|---|---|
| payment_id | string | 是 | 原支付订单号 |
| amount | integer | 是 | 退款金额，单位：分 |
| reason | string | 否 | 退款原因 |

错误码：

| 错误码 | 含义 | 处理建议 |
|---|---|---|
| E4091 | 退款金额超过可退余额 | 查询订单可退金额 |
| E5021 | 上游渠道超时 | 稍后查询退款状态 |

## POST /v1/payouts

向银行卡付款（代付）。

1. 调用前确认商户余额充足；
2. 提交付款请求，网关返回 `payout_id`；
3. 通过异步通知或查询接口获取最终结果。

错误码：E4031 商户可用余额不足；E4032 收款账户信息有误。
"""

# ---------------------------------------------------------------- ops manual (DOCX)
OPS_MANUAL: list[tuple[str, str]] = [
    ("title", "数据库主从切换操作手册"),
    ("text", "文档编号：OPS-DB-007　版本：1.4　适用系统：支付核心数据库（MySQL 8.0 主从架构）"),
    ("h1", "1 适用范围"),
    ("text", "本手册适用于计划内的主从切换（如主库硬件维护、版本升级）。"
     "主库故障时的紧急切换见《故障应急预案》。"),
    ("h1", "2 前置条件"),
    ("bullet", "已在变更系统提交并通过变更审批单；"),
    ("bullet", "从库复制状态正常，Seconds_Behind_Master 小于 5 秒；"),
    ("bullet", "已完成主库全量备份，且备份校验通过；"),
    ("bullet", "切换窗口为业务低峰期（02:00—05:00），并已通知业务方。"),
    ("h1", "3 操作步骤"),
    ("step", "登录运维堡垒机，确认当前主库与从库的角色及复制延迟；"),
    ("step", "将网关置为只读维护模式，停止写流量，等待在途事务完成；"),
    ("step", "在主库执行 FLUSH TABLES WITH READ LOCK，记录当前 binlog 位点；"),
    ("step", "确认从库已追平该位点后，在从库执行 STOP REPLICA 并 RESET REPLICA ALL；"),
    ("step", "将原从库提升为新主库：关闭 read_only 与 super_read_only；"),
    ("step", "修改数据库 VIP 指向新主库，并刷新应用连接池；"),
    ("step", "将原主库配置为新主库的从库，启动复制并检查状态；"),
    ("step", "解除网关只读维护模式，观察 15 分钟内的错误率与延迟。"),
    ("h1", "4 回退方案"),
    ("text", "若切换后 15 分钟内错误率超过 1% 或出现数据不一致，立即将 VIP 切回原主库，"
     "并按第 3 节的逆序恢复复制关系。"),
    ("h1", "5 联系人"),
    ("table", "角色|姓名|电话\nDBA 值班|陈晨|138-0000-1001\n"
     "应用负责人|赵敏|138-0000-1002\n变更经理|孙涛|138-0000-1003"),
]
