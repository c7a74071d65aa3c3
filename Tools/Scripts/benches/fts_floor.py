"""SQLite's own FTS5 build of a papers library's rows: the floor any import that keeps this index must pay."""
import sqlite3
import time


def fts_floor(db, detail="full", rounds=3):
    """CPU seconds SQLite itself needs to build the library's FTS5 index over rows already in memory.

    No parsing, no row writes, no disk: the least any import that keeps this index can cost, on
    one core, because one SQLite connection writes on one thread. The best of `rounds`."""
    best = None
    for _ in range(rounds):
        con = sqlite3.connect(":memory:")
        con.execute("ATTACH ? AS src", (db,))
        con.execute("CREATE TABLE p AS SELECT key, title, summary, author_names FROM src.papers")
        con.execute("CREATE VIRTUAL TABLE f USING fts5(title, summary, author_names, content='p', content_rowid='key', "
                    f"tokenize='unicode61 remove_diacritics 2', detail={detail})")
        con.execute("INSERT INTO f(f, rank) VALUES ('hashsize', 8388608)")
        start = time.process_time()
        con.execute("INSERT INTO f(rowid, title, summary, author_names) SELECT key, title, summary, author_names FROM p")
        con.commit()
        spent = time.process_time() - start
        con.close()
        best = spent if best is None else min(best, spent)
    return best
