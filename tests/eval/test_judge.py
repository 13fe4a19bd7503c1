"""The optional LLM judge against a fake OpenAI-compatible endpoint (an external paid API)."""

from __future__ import annotations

import json

import httpx
import pytest

from finrag.config import Settings
from finrag.errors import EvalError
from finrag.eval.judge import LLMJudge


def fake_endpoint(reply: str, seen: list[dict[str, object]]) -> httpx.MockTransport:
    def handle(request: httpx.Request) -> httpx.Response:
        assert request.url.path.endswith("/chat/completions")
        seen.append(json.loads(request.content))
        return httpx.Response(200, json={"choices": [{"message": {"content": reply}}]})

    return httpx.MockTransport(handle)


def test_judge_scores_yes_and_no(settings: Settings) -> None:
    settings.answer.llm_base_url = "http://llm.local/v1"
    seen: list[dict[str, object]] = []
    judge = LLMJudge(settings, transport=fake_endpoint("YES", seen))
    assert judge("Revenue?", "$90 billion", "Revenue was 90bn") == 1.0
    assert "Reference answer: $90 billion" in str(seen[0]["messages"])
    assert LLMJudge(settings, transport=fake_endpoint("No.", []))("q", "a", "b") == 0.0


def test_judge_failures_are_eval_errors(settings: Settings) -> None:
    with pytest.raises(EvalError):
        LLMJudge(settings)  # no endpoint configured
    settings.answer.llm_base_url = "http://llm.local/v1"
    broken = httpx.MockTransport(lambda request: httpx.Response(500))
    with pytest.raises(EvalError, match="LLM judge failed"):
        LLMJudge(settings, transport=broken)("q", "a", "b")
