"""finrag: offline-first RAG for financial documents (Chinese and English) with page-level citations."""

__version__ = "0.1.0"
