"""Optional LLM judge: asks an OpenAI-compatible endpoint whether an answer agrees with the reference.

Used only when ``settings.answer.llm_base_url`` is set; the score is 1 (agrees), 0 (does not) or
absent when the endpoint fails (the failure is reported as an EvalError by the caller's notes).
"""

from __future__ import annotations

import httpx

from finrag.config import Settings
from finrag.errors import EvalError

JUDGE_PROMPT = (
    "You grade answers to financial questions. Reply with exactly one word: YES if the candidate answer "
    "states the same facts and figures as the reference answer (numbers may be rounded or use other "
    "units), otherwise NO.\n\nQuestion: {question}\nReference answer: {reference}\nCandidate answer: {answer}"
)
JUDGE_MAX_TOKENS = 3  # one word is all the judge may say


class LLMJudge:
    def __init__(self, settings: Settings, transport: httpx.BaseTransport | None = None) -> None:
        base = settings.answer.llm_base_url
        if not base:
            raise EvalError("the LLM judge needs answer.llm_base_url")
        key = settings.answer.llm_api_key
        headers = {"Authorization": f"Bearer {key}"} if key else {}
        self.model = settings.answer.llm_model
        self.client = httpx.Client(
            base_url=base.rstrip("/"),
            headers=headers,
            timeout=settings.answer.llm_timeout_s,
            transport=transport,
        )

    def __call__(self, question: str, reference: str, answer: str) -> float:
        prompt = JUDGE_PROMPT.format(question=question, reference=reference, answer=answer)
        body = {
            "model": self.model,
            "messages": [{"role": "user", "content": prompt}],
            "temperature": 0,
            "max_tokens": JUDGE_MAX_TOKENS,
        }
        try:
            resp = self.client.post("/chat/completions", json=body)
            resp.raise_for_status()
            text = str(resp.json()["choices"][0]["message"]["content"])
        except (httpx.HTTPError, KeyError, IndexError, ValueError) as err:
            raise EvalError(f"LLM judge failed: {err}") from err
        return 1.0 if text.strip().upper().startswith("YES") else 0.0

    def close(self) -> None:
        self.client.close()
