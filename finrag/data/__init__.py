"""Data files shipped with finrag (the finance user dictionary for the analyzer)."""
