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
        # The index's own text of each row (the library's view `papers_search`), every field a query names.
        con.execute("CREATE TABLE p AS SELECT * FROM src.papers_search")
        columns = ", ".join(row[1] for row in con.execute("PRAGMA table_info(p)") if row[1] != "key")
        con.execute(f"CREATE VIRTUAL TABLE f USING fts5({columns}, content='p', content_rowid='key', "
                    f"tokenize='unicode61 remove_diacritics 2', detail={detail})")
        con.execute("INSERT INTO f(f, rank) VALUES ('hashsize', 8388608)")
        start = time.process_time()
        con.execute(f"INSERT INTO f(rowid, {columns}) SELECT key, {columns} FROM p")
        con.commit()
        spent = time.process_time() - start
        con.close()
        best = spent if best is None else min(best, spent)
    return best
