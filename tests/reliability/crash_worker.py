"""Child process for the crash tests: ingest a folder into a data folder (killed with SIGKILL mid-way).

Usage: python -m tests.reliability.crash_worker DATA_DIR DOCS_DIR [STORE_URL]. Prints "ready" once the
models are loaded, then one "done <file>" line per finished file."""

from __future__ import annotations

import os
import sys
import time
from pathlib import Path

from finrag.app import Finrag, IngestOptions, Progress
from finrag.config import load_settings

GO_ENV = "FINRAG_TEST_GO_FILE"  # when set: wait for this file to exist before ingesting
GO_POLL_S = 0.01


def main() -> None:
    settings = load_settings(Path(sys.argv[1]))
    if len(sys.argv) > 3:
        settings.store = sys.argv[3]
    settings.index.ingest_workers = 1
    fr = Finrag(settings)
    _ = fr.embedders, fr.store
    print("ready", flush=True)
    go = os.environ.get(GO_ENV)
    while go and not Path(go).exists():  # start together with a sibling process (concurrency tests)
        time.sleep(GO_POLL_S)
    progress = Progress(on_result=lambda r: print("done", r.file, r.status, flush=True))
    fr.ingest([Path(sys.argv[2])], IngestOptions(), progress)
    fr.close()


if __name__ == "__main__":
    main()
