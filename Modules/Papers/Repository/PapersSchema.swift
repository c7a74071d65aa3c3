import Core
import Database
import Foundation
import PapersEntity

/// The library's tables and their migrations, in order; a migration never changes once shipped.
///
/// Time is stored as INTEGER milliseconds since 1970 (UTC) since v3; v1 and v2 stored REAL
/// seconds, and v3 converts them in place.
public enum PapersSchema {
    /// The ids the first two migrations were shipped under, and the ids they have now.
    public static let renamedMigrations = [
        "v1: papers, favourites, fetches, full-text index": "v1",
        "v2: new rows indexed in bulk at the end of each write": "v2",
    ]

    /// Every migration of the library database.
    /// SQLite's `application_id` of this feature's files ("STPA" in ASCII): a file holding another
    /// feature's number is refused as not ours, though its migration ids look alike.
    public static let applicationID: Int32 = 0x5354_5041

    public static var migrator: DatabaseMigrator {
        var migrator = DatabaseMigrator()
        migrator.registerMigration("v1") { db in
            try db.execute(
                sql: """
                    CREATE TABLE papers (
                        key INTEGER PRIMARY KEY,            -- stable rowid for the external-content FTS index
                        id TEXT NOT NULL UNIQUE,            -- arXiv id without version
                        version INTEGER NOT NULL,
                        title TEXT NOT NULL,
                        summary TEXT NOT NULL,
                        author_names TEXT NOT NULL,         -- "A, B, C": what the index and lists read
                        authors TEXT NOT NULL,              -- names and affiliations, see StoredAuthors
                        published REAL NOT NULL,            -- seconds since 1970, UTC
                        updated REAL NOT NULL,
                        primary_category TEXT NOT NULL,
                        categories TEXT NOT NULL,           -- space-separated
                        abstract_url TEXT NOT NULL,
                        pdf_url TEXT NOT NULL,
                        comment TEXT,
                        journal_ref TEXT,
                        doi TEXT
                    );
                    CREATE INDEX papers_published ON papers(published);
                    CREATE TABLE favourites (
                        paper_id TEXT PRIMARY KEY REFERENCES papers(id) ON DELETE CASCADE,
                        added_at REAL NOT NULL
                    );
                    CREATE TABLE fetches (
                        id INTEGER PRIMARY KEY,
                        query TEXT NOT NULL,
                        fetched_at REAL NOT NULL,
                        result_count INTEGER NOT NULL
                    );
                    CREATE TABLE meta (key TEXT PRIMARY KEY, value) WITHOUT ROWID;
                    CREATE VIRTUAL TABLE papers_fts USING fts5(
                        title, summary, author_names,
                        content='papers', content_rowid='key', tokenize='unicode61 remove_diacritics 2'
                    );
                    CREATE TRIGGER papers_fts_insert AFTER INSERT ON papers BEGIN
                        INSERT INTO papers_fts(rowid, title, summary, author_names) VALUES (new.key, new.title, new.summary, new.author_names);
                    END;
                    CREATE TRIGGER papers_fts_delete AFTER DELETE ON papers BEGIN
                        INSERT INTO papers_fts(papers_fts, rowid, title, summary, author_names) VALUES ('delete', old.key, old.title, old.summary, old.author_names);
                    END;
                    CREATE TRIGGER papers_fts_update AFTER UPDATE ON papers BEGIN
                        INSERT INTO papers_fts(papers_fts, rowid, title, summary, author_names) VALUES ('delete', old.key, old.title, old.summary, old.author_names);
                        INSERT INTO papers_fts(rowid, title, summary, author_names) VALUES (new.key, new.title, new.summary, new.author_names);
                    END;
                    """)
        }
        migrator.registerMigration("v2") { db in
            // Inserts no longer index row by row (see SQLitePaperLibrary.upsert). Updates and
            // deletes still do, except for rows added by the write in progress: those are not
            // in the index yet, and the bulk insert at its end reads their final text.
            let pending = "old.key <= coalesce((SELECT value FROM meta WHERE key = '\(unindexedMark)'), old.key)"
            try db.execute(
                sql: """
                    DROP TRIGGER papers_fts_insert;
                    DROP TRIGGER papers_fts_delete;
                    DROP TRIGGER papers_fts_update;
                    CREATE TRIGGER papers_fts_delete AFTER DELETE ON papers WHEN \(pending) BEGIN
                        INSERT INTO papers_fts(papers_fts, rowid, title, summary, author_names) VALUES ('delete', old.key, old.title, old.summary, old.author_names);
                    END;
                    CREATE TRIGGER papers_fts_update AFTER UPDATE ON papers WHEN \(pending) BEGIN
                        INSERT INTO papers_fts(papers_fts, rowid, title, summary, author_names) VALUES ('delete', old.key, old.title, old.summary, old.author_names);
                        INSERT INTO papers_fts(rowid, title, summary, author_names) VALUES (new.key, new.title, new.summary, new.author_names);
                    END;
                    INSERT INTO papers_fts(papers_fts, rank) VALUES ('hashsize', \(ftsHashSize));
                    """)
        }
        migrator.registerMigration("v3") { db in
            // Time as INTEGER milliseconds: each table is copied into one with INTEGER columns,
            // keeping every row and its key, so the external-content full-text index (keyed by
            // `papers.key`, holding the same text) stays consistent without a rebuild. GRDB runs
            // a migration with foreign keys off and checks them at its end.
            let pending = "old.key <= coalesce((SELECT value FROM meta WHERE key = '\(unindexedMark)'), old.key)"
            try db.execute(
                sql: """
                    CREATE TABLE papers_v3 (
                        key INTEGER PRIMARY KEY,
                        id TEXT NOT NULL UNIQUE,
                        version INTEGER NOT NULL,
                        title TEXT NOT NULL,
                        summary TEXT NOT NULL,
                        author_names TEXT NOT NULL,
                        authors TEXT NOT NULL,
                        published INTEGER NOT NULL,         -- milliseconds since 1970, UTC
                        updated INTEGER NOT NULL,
                        primary_category TEXT NOT NULL,
                        categories TEXT NOT NULL,
                        abstract_url TEXT NOT NULL,
                        pdf_url TEXT NOT NULL,
                        comment TEXT,
                        journal_ref TEXT,
                        doi TEXT
                    );
                    INSERT INTO papers_v3 (key, id, version, title, summary, author_names, authors, published, updated,
                                           primary_category, categories, abstract_url, pdf_url, comment, journal_ref, doi)
                        SELECT key, id, version, title, summary, author_names, authors,
                               CAST(round(published * 1000) AS INTEGER), CAST(round(updated * 1000) AS INTEGER),
                               primary_category, categories, abstract_url, pdf_url, comment, journal_ref, doi
                        FROM papers;
                    DROP TABLE papers;
                    ALTER TABLE papers_v3 RENAME TO papers;
                    CREATE INDEX papers_published ON papers(published);
                    CREATE TRIGGER papers_fts_delete AFTER DELETE ON papers WHEN \(pending) BEGIN
                        INSERT INTO papers_fts(papers_fts, rowid, title, summary, author_names) VALUES ('delete', old.key, old.title, old.summary, old.author_names);
                    END;
                    CREATE TRIGGER papers_fts_update AFTER UPDATE ON papers WHEN \(pending) BEGIN
                        INSERT INTO papers_fts(papers_fts, rowid, title, summary, author_names) VALUES ('delete', old.key, old.title, old.summary, old.author_names);
                        INSERT INTO papers_fts(rowid, title, summary, author_names) VALUES (new.key, new.title, new.summary, new.author_names);
                    END;

                    CREATE TABLE favourites_v3 (
                        paper_id TEXT PRIMARY KEY REFERENCES papers(id) ON DELETE CASCADE,
                        added_at INTEGER NOT NULL           -- milliseconds since 1970, UTC
                    );
                    INSERT INTO favourites_v3 (paper_id, added_at) SELECT paper_id, CAST(round(added_at * 1000) AS INTEGER) FROM favourites;
                    DROP TABLE favourites;
                    ALTER TABLE favourites_v3 RENAME TO favourites;

                    CREATE TABLE fetches_v3 (
                        id INTEGER PRIMARY KEY,
                        query TEXT NOT NULL,
                        fetched_at INTEGER NOT NULL,        -- milliseconds since 1970, UTC
                        result_count INTEGER NOT NULL
                    );
                    INSERT INTO fetches_v3 (id, query, fetched_at, result_count)
                        SELECT id, query, CAST(round(fetched_at * 1000) AS INTEGER), result_count FROM fetches;
                    DROP TABLE fetches;
                    ALTER TABLE fetches_v3 RENAME TO fetches;

                    UPDATE meta SET value = CAST(round(value * 1000) AS INTEGER) WHERE key = 'last_request_at';
                    """)
        }
        migrator.registerMigration("v4") { db in
            // Versions, licence and withdrawal from OAI-PMH and the snapshot; the state of each harvest.
            try db.execute(
                sql: """
                    ALTER TABLE papers ADD COLUMN versions TEXT NOT NULL DEFAULT '';
                    ALTER TABLE papers ADD COLUMN license TEXT;
                    ALTER TABLE papers ADD COLUMN withdrawn INTEGER NOT NULL DEFAULT 0;
                    ALTER TABLE favourites ADD COLUMN version INTEGER;
                    CREATE TABLE harvests (
                        endpoint TEXT NOT NULL,
                        set_spec TEXT NOT NULL,
                        metadata_prefix TEXT NOT NULL,
                        from_date TEXT,
                        token TEXT,
                        records INTEGER NOT NULL,
                        deleted INTEGER NOT NULL,
                        pages INTEGER NOT NULL,
                        last_response INTEGER,
                        PRIMARY KEY (endpoint, set_spec, metadata_prefix)
                    ) WITHOUT ROWID;
                    CREATE TABLE oai_sets (
                        endpoint TEXT NOT NULL,
                        spec TEXT NOT NULL,
                        name TEXT NOT NULL,
                        PRIMARY KEY (endpoint, spec)
                    ) WITHOUT ROWID;
                    """)
        }
        migrator.registerMigration("v5") { db in
            // The index follows only the columns it holds: an update of anything else (the
            // conversion below, a repair by `papers doctor`) no longer re-indexes the paper.
            let pending = "old.key <= coalesce((SELECT value FROM meta WHERE key = '\(unindexedMark)'), old.key)"
            try db.execute(
                sql: """
                    DROP TRIGGER papers_fts_update;
                    CREATE TRIGGER papers_fts_update AFTER UPDATE OF title, summary, author_names ON papers WHEN \(pending) BEGIN
                        INSERT INTO papers_fts(papers_fts, rowid, title, summary, author_names) VALUES ('delete', old.key, old.title, old.summary, old.author_names);
                        INSERT INTO papers_fts(rowid, title, summary, author_names) VALUES (new.key, new.title, new.summary, new.author_names);
                    END;
                    """)
            // Authors and versions as JSON (`StoredAuthors`, `StoredVersions`) instead of
            // control-character separated text: readable by SQLite and by a person.
            try LegacyLists.convert(db)
        }
        migrator.registerMigration("v6") { db in
            // When each paper and each paper's current version entered the library, in write
            // stamps (`PaperUpsert`): the digest's "new since" is read from these, not guessed
            // from arXiv's dates. Papers from before this migration have 0, older than any mark.
            // The saved searches, in the order they were added.
            try db.execute(
                sql: """
                    ALTER TABLE papers ADD COLUMN entered_at INTEGER NOT NULL DEFAULT 0;
                    ALTER TABLE papers ADD COLUMN revised_at INTEGER NOT NULL DEFAULT 0;
                    CREATE INDEX papers_revised_at ON papers(revised_at);
                    CREATE TABLE watches (
                        position INTEGER PRIMARY KEY,
                        name TEXT NOT NULL UNIQUE,
                        query TEXT NOT NULL,
                        categories TEXT NOT NULL            -- space-separated
                    );
                    """)
        }
        migrator.registerMigration("v7") { db in
            // Every field a query names is in the index, so a query runs on it whole: comments,
            // journal references, categories, ids and DOIs besides titles, abstracts and authors.
            // The index reads its text through the view `papers_search`, which writes each
            // category as one word (`cs.LG` is `cs0lg`, `hep-th` is `hep1th`).
            try db.execute(
                sql: """
                    DROP TRIGGER papers_fts_delete;
                    DROP TRIGGER papers_fts_update;
                    DROP TABLE papers_fts;
                    CREATE VIEW papers_search AS SELECT key, \(searchColumns) FROM papers;
                    CREATE VIRTUAL TABLE papers_fts USING fts5(
                        \(indexedColumns.joined(separator: ", ")),
                        content='papers_search', content_rowid='key', tokenize='\(tokenizer)'
                    );
                    INSERT INTO papers_fts(papers_fts, rank) VALUES ('hashsize', \(ftsHashSize));
                    INSERT INTO papers_fts(papers_fts) VALUES ('rebuild');
                    \(indexTriggers)
                    """)
        }
        migrator.registerMigration("v8") { db in
            // Watches by meaning: the lowest cosine a paper's vector must have with the watch's
            // description (kept in `query`). NULL for a watch by words, as every earlier one is.
            try db.execute(sql: "ALTER TABLE watches ADD COLUMN threshold REAL")
        }
        return migrator
    }

    /// The columns of the full-text index `papers_fts`, in order, as v7 created it.
    static let indexedColumns = [
        "title", "summary", "author_names", "comment", "journal_ref", "categories", "arxiv_id", "doi",
    ]

    /// The index's text of a row (`papers`, or a trigger's `old` or `new`), one expression per
    /// column of `indexedColumns`: what `papers_search` shows the index and what the triggers hand it.
    static func searchText(of row: String) -> [String] {
        [
            "\(row).title", "\(row).summary", "\(row).author_names", "coalesce(\(row).comment, '')",
            "coalesce(\(row).journal_ref, '')", "replace(replace(lower(\(row).categories), '.', '0'), '-', '1')",
            "\(row).id", "coalesce(\(row).doi, '')",
        ]
    }

    /// The select list of `papers_search`.
    static var searchColumns: String {
        zip(searchText(of: "papers"), indexedColumns).map { "\($0) AS \($1)" }.joined(separator: ", ")
    }

    /// The triggers that keep the index on the rows: a row updated or deleted outside the write in
    /// progress is re-indexed (the rows a write adds are indexed in bulk at its end: `FullTextBatch`).
    static var indexTriggers: String {
        let pending = "old.key <= coalesce((SELECT value FROM meta WHERE key = '\(unindexedMark)'), old.key)"
        let columns = indexedColumns.joined(separator: ", ")
        let (old, new) = (searchText(of: "old").joined(separator: ", "), searchText(of: "new").joined(separator: ", "))
        return """
            CREATE TRIGGER papers_fts_delete AFTER DELETE ON papers WHEN \(pending) BEGIN
                INSERT INTO papers_fts(papers_fts, rowid, \(columns)) VALUES ('delete', old.key, \(old));
            END;
            CREATE TRIGGER papers_fts_update AFTER UPDATE OF id, title, summary, author_names, comment, journal_ref,
                categories, doi ON papers WHEN \(pending) BEGIN
                INSERT INTO papers_fts(papers_fts, rowid, \(columns)) VALUES ('delete', old.key, \(old));
                INSERT INTO papers_fts(rowid, \(columns)) VALUES (new.key, \(new));
            END;
            """
    }

    /// How `papers_fts` splits text into words, as v1 created it (and v7 again).
    static let tokenizer = "unicode61 remove_diacritics 2"

    /// The `meta` key of the last write's stamp: milliseconds since 1970, strictly increasing from write to write.
    static let writeStampKey = "last_write_stamp"

    /// The `meta` key of the digest's mark: the write stamp the last digest showed up to.
    static let digestMarkKey = "digest_mark"

    /// The `meta` key that holds, during a write, the largest key the full-text index already covers.
    static let unindexedMark = "fts_unindexed_after"

    /// How much text FTS5 gathers in memory before writing a segment (its default is 1 MB).
    ///
    /// Fewer, larger segments: rebuilding the index of 22,000 papers took 0.86 s of CPU with
    /// 1 MB and 0.53 s with 8 MB (32 and 64 MB were no faster); the memory is used only while
    /// a write is in progress.
    static let ftsHashSize = 8 << 20
}
