"""All of finrag's settings, in one place (the ingest stages' sections live in config_ingest.py).

Sources, highest priority first: keyword arguments, environment variables (``FINRAG_`` prefix,
``__`` between section and key: ``FINRAG_CHUNK__MAX_TOKENS=400``), a TOML file (``FINRAG_CONFIG``
or ``./finrag.toml``), then the defaults below. Every knob carries a one-line reason.
``finrag config`` prints the effective settings. docs/CONFIG.md lists them.
"""

from __future__ import annotations

import os
from pathlib import Path

from pydantic import BaseModel, Field
from pydantic_settings import (
    BaseSettings,
    PydanticBaseSettingsSource,
    SettingsConfigDict,
    TomlConfigSettingsSource,
)

from finrag.config_ingest import ChunkSettings, IndexSettings, OcrSettings, ParseSettings


class RetrieveSettings(BaseModel):
    candidates: int = Field(50, description="Top-N taken from each retriever before fusion")
    fusion: str = Field("rrf", description="'rrf' or 'weighted'")
    rrf_k: int = Field(60, description="RRF constant from Cormack et al.; dampens rank differences")
    keyword_weight: float = Field(0.7, description="Weighted fusion: BM25 share (RAGFlow uses 0.7)")
    dense_weight: float = Field(0.3, description="Weighted fusion: dense share")
    bm25_k1: float = Field(1.2, description="BM25 term-frequency saturation")
    bm25_b: float = Field(0.75, description="BM25 length normalisation")
    top_k: int = Field(8, description="Hits returned after reranking")
    rerank: str = Field("learned", description="'none', 'learned', 'local:PATH', 'endpoint'")
    expand_parents: bool = Field(True, description="Return the parent when a parent-child child hits")
    # query understanding, routing, expansion, reranking (issue 6): each step switchable for ablations
    analyze: bool = Field(
        True, description="Rule-based analysis: intent, companies, periods, codes, line items"
    )
    complete_followups: bool = Field(
        True, description="Complete follow-up questions from SearchRequest.history"
    )
    simplify_questions: bool = Field(
        True,
        description="Read a question typed in traditional Chinese as simplified, the script filings print",
    )
    traditional_chars: int = Field(
        2, description="Characters a question must write in traditional form to be read as simplified: "
        "one alone is a person's name's variant (萧頴洁), never a script"
    )
    routes: list[str] = Field(
        default_factory=lambda: [
            "file",
            "code",
            "howto",
            "company",
            "period",
            "short",
            "statement",
            "section",
            "rare",
        ],
        description="Routing rules switched on (finrag/retrieve/route.py); remove one to switch it off",
    )
    keyword_boost: float = Field(
        2.0, description="RRF weight of keyword lists when a rule prefers literal match"
    )
    short_query_tokens: int = Field(
        3, description="Queries with at most this many tokens are keyword-weighted"
    )
    company_filter: str = Field(
        "boost", description="'strict' = company pre-filter, 'boost' = extra company-filtered lists, 'off'"
    )
    focus_weight: float = Field(1.0, description="RRF weight of the company/period-filtered lists")
    rare_max_df: int = Field(
        20, description="Rare-term list: a question term in at most this many chunks can name an entity"
    )
    rare_max_share: float = Field(
        0.004,
        description="Rare-term list: ...and in at most this share of the index's chunks (a small index's "
        "template words are rare in absolute terms)",
    )
    rare_unknown_zh: bool = Field(
        True,
        description="Rare-term list: Chinese terms count only when the segmenter's dictionary lacks them "
        "(names; 对应/类型 are question wording)",
    )
    rare_capitalized: bool = Field(
        True,
        description="Rare-term list: latin terms count only when written as names (capitalised inside a "
        "sentence, capitals, camel case): instruction words are rare in filings too",
    )
    rare_weight: float = Field(1.0, description="RRF weight of the rare-term keyword list (bm25@rare)")
    statement_first: bool = Field(
        True,
        description="The statement focus list puts the chunks that are the named/implied statement first "
        "(else a 10-K's note tables sharing the question's words push the statement out of the pool)",
    )
    statement_feature_implied: bool = Field(
        True,
        description="The 'statement' ranker feature also marks statements a question's concept implies "
        "(effective tax rate, margins: the income statement), not only statements it names",
    )
    topic_features: bool = Field(
        True,
        description="Ranker features on the question's topic words (no company/period names, no ask "
        "words; idf-weighted, Chinese bigrams): a filing's own name no longer masks the distinguishing word",
    )
    period_window: int = Field(1, description="Reports up to this many years after a named year also hold it")
    period_fit: bool = Field(
        True,
        description="Period focus keeps the named companies' reports that fit the asked period best "
        "(year's annual report, latest of a span, prior year-end for guidance)",
    )
    period_words: bool = Field(
        True,
        description="Keyword queries also get how reports write the asked period (Q3 -> third quarter)",
    )
    expand: bool = Field(True, description="Glossary expansion into query variants, each retrieved and fused")
    cross_language: bool = Field(True, description="Add a variant with glossary terms in the other language")
    synonym_terms: int = Field(4, description="Same-language synonyms appended in the synonym variant")
    variant_weight: float = Field(
        0.5, description="RRF weight of variant lists relative to the question's own"
    )
    glossary_file: str | None = Field(
        None,
        description="User glossary (format of finrag/data/glossary.txt: `a | b | 营收` synonyms; "
        "`cue | cue => term | term` one way, a judgment searched by the figures deciding it)",
    )
    llm_rewrite: bool = Field(True, description="With answer.llm_base_url: LLM rewrite as one more variant")
    hyde: bool = Field(False, description="With answer.llm_base_url: embed a hypothetical answer passage too")
    llm_query_timeout_s: float = Field(8.0, description="Rewrite/HyDE time limit; then rules alone are used")
    sections_file: str | None = Field(
        None, description="User section lexicon (same format as finrag/data/sections.toml), added to it"
    )
    rerank_top_n: int = Field(50, description="Fused candidates the reranker scores (top-N in)")
    ranker_model: str | None = Field(None, description="Learned ranker file; unset = finrag/data/ranker.json")
    rerank_endpoint: str | None = Field(
        None, description="OpenAI/TEI/Jina-style /rerank URL for rerank='endpoint'"
    )
    rerank_model: str = Field("bge-reranker-v2-m3", description="Model name sent to the rerank endpoint")
    rerank_api_key: str | None = Field(None, description="Key for the rerank endpoint")
    rerank_timeout_s: float = Field(
        10.0, description="Endpoint/cross-encoder limit; then the fused order stays"
    )
    time_decay: dict[str, float] = Field(
        default_factory=lambda: {"news": 0.5, "announcement": 0.3, "research_report": 0.3},
        description="Per doc type λ of exp(-λ·age in years): news ages fast, filings keep their value",
    )
    recent_decay: float = Field(
        0.3, description="'latest' questions without a year: score x exp(-λ·years older than the newest hit)"
    )
    dedup: bool = Field(True, description="Drop near-duplicate hits (same text printed twice)")
    dedup_jaccard: float = Field(0.8, description="Shingle Jaccard at or above which two hits are duplicates")


class AnswerSettings(BaseModel):
    llm_base_url: str | None = Field(None, description="OpenAI-compatible /v1 base URL; unset = offline")
    llm_model: str = Field("gpt-4o-mini", description="Model name sent to the LLM endpoint")
    llm_api_key: str | None = Field(None, description="Key for the LLM endpoint")
    llm_timeout_s: float = Field(30.0, description="After this the offline answerer answers instead")
    context_chunks: int = Field(6, description="Chunks given to the answerer")
    max_answer_chars: int = Field(1200, description="Extractive answers are trimmed to this budget")
    keyword_rescue_hits: int = Field(
        20, description="A question refused for missing words searches its filings this deep for them"
    )
    keyword_rescue_chunks: int = Field(
        2, description="Deeper chunks printing the missing words brought into the context (0 = off)"
    )
    gate_entity_coverage: float = Field(
        0.6, description="Share of a named company's character pairs the evidence must hold, else refuse"
    )
    gate_keyword_coverage: float = Field(
        0.5, description="Share of the question's content terms the evidence must hold, else refuse"
    )
    gate_keyword_coverage_en: float = Field(
        0.3,
        description="English questions wrap the topic in instructions: a lower share of terms is enough",
    )
    gate_min_score: float = Field(0.0, description="Top hit score below which evidence is too weak (0 = off)")
    max_sentences: int = Field(5, description="Sentences an extractive answer quotes at most")
    llm_max_tokens: int = Field(800, description="Generation budget per LLM answer")
    llm_context_chars: int = Field(1500, description="Per-chunk context budget after sentence compression")
    role_min_cue_share: float = Field(
        0.99,
        description="Attribute questions (X的发行价格是什么): share of the role's cue words that must "
        "sit near a value of its kind, else refuse (BBT dev: 0.99 refuses 10 points more than 0.5)",
    )
    role_subject_coverage: float = Field(
        0.6,
        description="Share of the attribute question's subject name (event words aside) a chunk must "
        "hold for its values to count",
    )
    role_context_chunks: int = Field(
        3, description="Context chunks (those naming the subject best) searched for the attribute's value"
    )
    role_sentence_subject_coverage: float = Field(
        0.0,
        description="Share of the subject's name the value's sentence (or the one before) must hold (0 = "
        "off: BBT dev 0.3 refused no more unanswerable questions and 3 more answerable ones; news refers "
        "back by short names)",
    )
    role_event_exclusions: bool = Field(
        True,
        description="Event attribute values do not come from sentences naming the asked event only in "
        "phrases that report another (a pledge released is no pledge; finrag/data/events.toml excludes)",
    )
    role_event_chunk: bool = Field(
        True,
        description="An event attribute's value comes only from a chunk that reports the asked event (news "
        "about another event of the same company states no value of this one)",
    )


class ServeSettings(BaseModel):
    host: str = Field("127.0.0.1", description="Bind address; without API keys only loopback is allowed")
    port: int = Field(8000, description="HTTP port")
    max_upload_mb: float = Field(200.0, description="Larger uploads are refused with 413")
    cache_ttl_s: float = Field(600.0, description="Answer cache lifetime (10 minutes)")
    keys_file: str | None = Field(None, description="TOML file of hashed API keys and roles")
    cache_max_entries: int = Field(2000, description="Answer cache size cap (LRU): bounds memory at ~10 MB")
    page_dpi: int = Field(110, description="Page image resolution: legible on screen, ~150 KB PNG per page")
    page_cache_entries: int = Field(64, description="Rendered page PNGs kept in memory (citation re-clicks)")
    max_boxes: int = Field(200, description="Highlight boxes accepted per page request (bounds render work)")
    job_history: int = Field(200, description="Finished ingest jobs kept for GET /jobs/{id}")
    max_question_chars: int = Field(2000, description="Longer questions are refused with 422")


class EvalSettings(BaseModel):
    cache_dir: Path = Field(
        Path(".eval-cache"), description="Per-configuration data folders: re-runs skip ingest"
    )
    top_k: int = Field(10, description="Hits scored per question (Recall@10 and nDCG@10 need 10)")
    numeric_tolerance: float = Field(
        0.005, description="Relative tolerance for numeric match (shared README: 0.5%)"
    )
    max_drop: float = Field(0.02, description="Default regression allowance per metric for --baseline checks")
    naive_chunk_chars: int = Field(512, description="Naive baseline: fixed chunk size in characters")
    naive_overlap_chars: int = Field(
        64, description="Naive baseline: characters shared by neighbouring chunks"
    )
    naive_embed_batch: int = Field(64, description="Naive baseline: texts per USE call")
    diagnose_chunking_rank: int = Field(
        3,
        description="A missed gold page that alone ranks in this top-n points at chunking, not embedding",
    )


class Settings(BaseSettings):
    """Effective configuration. Build with :func:`load_settings`."""

    model_config = SettingsConfigDict(
        env_prefix="FINRAG_", env_nested_delimiter="__", extra="ignore", toml_file="finrag.toml"
    )

    home: Path = Field(Path("finrag-data"), description="Data folder: store, kept files, caches")
    store: str = Field("sqlite", description="'sqlite' (embedded, in the data folder) or a postgresql:// URL")
    log_level: str = Field("WARNING", description="Python logging level")
    parse: ParseSettings = ParseSettings()
    ocr: OcrSettings = OcrSettings()
    chunk: ChunkSettings = ChunkSettings()
    index: IndexSettings = IndexSettings()
    retrieve: RetrieveSettings = RetrieveSettings()
    answer: AnswerSettings = AnswerSettings()
    serve: ServeSettings = ServeSettings()
    eval: EvalSettings = EvalSettings()

    @classmethod
    def settings_customise_sources(
        cls,
        settings_cls: type[BaseSettings],
        init_settings: PydanticBaseSettingsSource,
        env_settings: PydanticBaseSettingsSource,
        dotenv_settings: PydanticBaseSettingsSource,
        file_secret_settings: PydanticBaseSettingsSource,
    ) -> tuple[PydanticBaseSettingsSource, ...]:
        toml_path = os.environ.get("FINRAG_CONFIG", "finrag.toml")
        return (init_settings, env_settings, TomlConfigSettingsSource(settings_cls, toml_file=toml_path))

    # Folders inside the data folder (created on demand by the stages that write them)
    @property
    def store_dir(self) -> Path:
        return self.home / "store"

    @property
    def files_dir(self) -> Path:
        return self.home / "files"

    @property
    def cache_dir(self) -> Path:
        return self.home / "cache"


def load_settings(home: Path | str | None = None) -> Settings:
    """Settings from env/TOML; ``home`` (the CLI's ``--data``) overrides ``FINRAG_HOME``."""
    if home is not None:
        return Settings(home=Path(home))
    return Settings()
