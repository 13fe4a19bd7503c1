"""Chunk construction shared by every strategy: stable ids, metadata, pages, offsets, heading prefix."""

from __future__ import annotations

import hashlib
import re
from collections.abc import Sequence
from dataclasses import dataclass, field, replace

from finrag.chunk.merge import Piece, join_pieces, split_sentences
from finrag.config import Settings
from finrag.model import Block, BlockKind, Chunk, ChunkKind, ChunkMeta, Document, PageBox

PATH_SEPARATOR = " > "
CHUNK_ID_HEX = 32  # 128 bits of sha256: collision-free at any corpus size we will see
_CJK = re.compile(r"[\u4e00-\u9fff]")
_LATIN = re.compile(r"[A-Za-z]+")
ZH_SHARE = 0.2  # a chunk is Chinese when CJK characters are at least this share of CJK + Latin words
# "七、产品技术......74": a table-of-contents line, its page number closing the line (not a row of
# amounts after dot leaders: "Digital Marketing ........ 2,463,828 — (57,687)")
_TOC_ENTRY = re.compile(r"(\.{6,}|…{3,}|·{6,})\s*\d{1,4}\s*$", re.M)
FULL_LINE_SLACK_PT = 24.0  # a line ending within ~2 CJK characters of the right margin is a full line
_PARA_END = re.compile(r"[。！？；!?;：:.]\s*[”’\"')）]*\s*$")  # a line ending like this ends its paragraph
_ITEM_START = re.compile(r"^\s*([（(]?[一二三四五六七八九十\d]+[）)、.．]|[•·●■□√◆▪\-–])")


def detect_language(text: str, default: str) -> str:
    cjk = len(_CJK.findall(text))
    latin = len(_LATIN.findall(text))
    if cjk + latin == 0:
        return default
    return "zh" if cjk / (cjk + latin) >= ZH_SHARE else "en"


def heading_prefix(path: Sequence[str]) -> str:
    return PATH_SEPARATOR.join(path)


@dataclass(slots=True)
class ChunkContext:
    """Everything a strategy needs to emit chunks for one document."""

    doc: Document
    settings: Settings
    base_meta: ChunkMeta
    offsets: list[int] = field(default_factory=list)  # start of each block in the concatenated text
    chunks: list[Chunk] = field(default_factory=list)
    right_edges: dict[int, float] = field(default_factory=dict)  # page -> right-most text x1 (lazy)
    index_head: str = ""  # "四方科技 603339 2019 年度报告": put before the text that is indexed (not shown)

    @classmethod
    def create(cls, doc: Document, settings: Settings, base_meta: ChunkMeta) -> ChunkContext:
        offsets: list[int] = []
        pos = 0
        for b in doc.blocks:
            offsets.append(pos)
            pos += len(b.text) + 1  # blocks are joined with one newline
        return cls(doc, settings, base_meta, offsets)

    @property
    def max_tokens(self) -> int:
        return self.settings.chunk.max_tokens

    def block_pieces(self, index: int) -> list[Piece]:
        block: Block = self.doc.blocks[index]
        pieces = split_sentences(block.text, self.offsets[index], block.page)
        for p in pieces:
            p.block = index
        return pieces

    def text_pieces(self, indices: Sequence[int]) -> list[Piece]:
        """Sentence pieces of consecutive body blocks; wrapped lines of one paragraph are joined first
        (PDF parsers often give one block per printed line), so no sentence is cut at a line end."""
        pieces: list[Piece] = []
        indices = [i for i in indices if not _TOC_ENTRY.search(self.doc.blocks[i].text)]
        for para in self._paragraphs(indices):
            first = para[0]
            if len(para) == 1:
                pieces.extend(self.block_pieces(first))
                continue
            start = self.offsets[first]
            text = "\n".join(self.doc.blocks[i].text for i in para)
            for p in split_sentences(text, start, self.doc.blocks[first].page, newlines=False):
                p.block = first
                p.page = self._page_at(para, p.start)
                pieces.append(p)
        return pieces

    def _page_at(self, para: Sequence[int], offset: int) -> int:
        page = self.doc.blocks[para[0]].page
        for i in para:
            if self.offsets[i] <= offset:
                page = self.doc.blocks[i].page
        return page

    def _paragraphs(self, indices: Sequence[int]) -> list[list[int]]:
        paras: list[list[int]] = []
        for i in indices:
            block = self.doc.blocks[i]
            prev = self.doc.blocks[paras[-1][-1]] if paras else None
            joins = (
                prev is not None and paras[-1][-1] == i - 1 and self.doc.media_type == "pdf"
                and block.kind == BlockKind.TEXT and prev.kind in (BlockKind.TEXT, BlockKind.LIST)
                and not _PARA_END.search(prev.text) and not _ITEM_START.match(block.text)
                and self._full_line(prev)
            )
            if joins:
                paras[-1].append(i)
            else:
                paras.append([i])
        return paras

    def _full_line(self, block: Block) -> bool:
        """A line that reaches the right margin wraps on; a shorter line ends its paragraph."""
        if block.bbox is None:
            return True
        if not self.right_edges:
            for b in self.doc.blocks:
                if b.bbox is not None:
                    self.right_edges[b.page] = max(self.right_edges.get(b.page, 0.0), b.bbox.x1)
        return block.bbox.x1 >= self.right_edges.get(block.page, 0.0) - FULL_LINE_SLACK_PT

    def block_piece(self, index: int) -> Piece:
        """A whole block as one piece (for structures that must not be split inside, like a step)."""
        block = self.doc.blocks[index]
        text = block.text.strip()
        return Piece(text, self.offsets[index], self.offsets[index] + len(block.text), block.page, index)

    def add(
        self,
        body: str,
        kind: ChunkKind,
        path: Sequence[str],
        pages: Sequence[int],
        span: tuple[int, int],
        *,
        prefix: str | None = None,
        table_ref: str | None = None,
        bboxes: list[PageBox] | None = None,
        index_text: str | None = None,
        indexed: bool = True,
        parent_id: str | None = None,
        sheet: str | None = None,
    ) -> Chunk:
        """Append a chunk; ``prefix`` (default: the heading path) is the chunk text's first line."""
        head = heading_prefix(path) if prefix is None else prefix
        text = f"{head}\n{body}" if head and not body.startswith(head) else body
        if index_text is None and self.index_head:
            index_text = f"{self.index_head}\n{text}"
        ordinal = len(self.chunks)
        digest = hashlib.sha256(f"{self.doc.doc_id}\x00{ordinal}\x00{text}".encode()).hexdigest()
        page_list = [p for p in pages if p > 0] or [1]
        meta = replace(
            self.base_meta,
            language=detect_language(text, self.base_meta.language),
            sheet=sheet,
            tags=list(self.base_meta.tags),
            groups=list(self.base_meta.groups),
        )
        chunk = Chunk(
            chunk_id=digest[:CHUNK_ID_HEX],
            doc_id=self.doc.doc_id,
            text=text,
            kind=kind,
            pages=list(range(min(page_list), max(page_list) + 1)),
            section_path=list(path),
            meta=meta,
            table_ref=table_ref,
            char_start=span[0],
            char_end=span[1],
            parent_id=parent_id,
            bboxes=list(bboxes or []),
            index_text=index_text,
            indexed=indexed,
        )
        self.chunks.append(chunk)
        return chunk

    def add_pieces(
        self, pieces: Sequence[Piece], kind: ChunkKind, path: Sequence[str], *, prefix: str | None = None,
        indexed: bool = True, parent_id: str | None = None,
    ) -> Chunk:
        return self.add(
            join_pieces(pieces), kind, path, [p.page for p in pieces],
            (pieces[0].start, pieces[-1].end), prefix=prefix, indexed=indexed, parent_id=parent_id,
        )
