"""The rows filers print for the world outside the United States, as stored facts name them."""

from __future__ import annotations

from finrag.answer.lexicon import normalise
from finrag.answer.outside import OUTSIDE_ROWS


def test_every_spelling_of_the_rest_of_the_world_matches_the_stored_row_name() -> None:
    """Facts keep their row names normalised ("Non-U.S." is stored as "non-u.s"): each spelling a filer prints
    must be found under that name, or its row is fetched and then thrown away."""
    for printed in ("Non-U.S.", "Non-United States", "Outside the U.S.", "Foreign", "Other countries"):
        assert normalise(printed) in OUTSIDE_ROWS
