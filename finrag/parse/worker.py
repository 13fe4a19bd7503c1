"""The parser child process (``python -m finrag.parse.worker``), fed by :mod:`finrag.parse.isolate`.

Reads length-prefixed pickled parse jobs on stdin and answers each with a length-prefixed pickled reply on
the original stdout; anything a library prints goes to stderr instead, so it cannot corrupt the replies.
"""

from __future__ import annotations

import os
import pickle
import struct
import sys

from finrag.errors import FinragError

HEADER = struct.Struct(">Q")  # byte length of the pickled message that follows


def main() -> None:
    reply_fd = os.dup(1)
    os.dup2(2, 1)  # stray prints from libraries now land on stderr
    from finrag.parse import parse_one

    jobs = sys.stdin.buffer
    with os.fdopen(reply_fd, "wb") as out:
        while len(header := jobs.read(HEADER.size)) == HEADER.size:
            args = pickle.loads(jobs.read(HEADER.unpack(header)[0]))
            try:
                reply: tuple[object, ...] = ("ok", parse_one(*args))
            except FinragError as err:
                reply = ("error", type(err).__name__, err.message, err.file)
            data = pickle.dumps(reply, protocol=pickle.HIGHEST_PROTOCOL)
            out.write(HEADER.pack(len(data)) + data)
            out.flush()


if __name__ == "__main__":
    main()
