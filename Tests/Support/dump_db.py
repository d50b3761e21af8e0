"""Prints every table of an SQLite database as SQL (schema and rows), for before/after comparisons in tests.

Usage: python3 dump_db.py PATH

Opens the file read-only (a missing file is reported, never created) and prints `Connection.iterdump()`: the
schema and every row of every table, including `sqlite_sequence`, in a stable order. Prints `<missing>` when
nothing is at PATH.
"""

import os
import sqlite3
import sys
import urllib.parse


def main() -> int:
    path = sys.argv[1]
    if not os.path.exists(path):
        print("<missing>")
        return 0
    uri = "file:" + urllib.parse.quote(os.path.abspath(path)) + "?mode=ro"
    connection = sqlite3.connect(uri, uri=True)
    try:
        for line in connection.iterdump():
            print(line)
    finally:
        connection.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
