import Postgres

extension ColorEventsSchema {
    /// The journal on PostgreSQL: SQLite's `journal_events` as its v2 left it (time in whole
    /// milliseconds), with its own migrations table, so the journal can share a database with
    /// another feature's tables.
    public static let postgres = PostgresMigrations(
        lockKey: 0x5354_4345,  // "STCE", the SQLite files' application_id
        table: "color_events_migrations",
        [
            .init(
                "v1",
                [
                    """
                    CREATE TABLE journal_events (
                        sequence bigint PRIMARY KEY CHECK (sequence >= 1),
                        event text NOT NULL,
                        sent_at bigint NOT NULL,
                        colors text NOT NULL DEFAULT ''
                    )
                    """
                ])
        ])

    /// The channel every append notifies on commit (`NOTIFY`), its sequence number the payload.
    public static let appendedChannel = "color_events_journal"

    /// The advisory lock an append holds until it commits ("STCEJL").
    static let appendLock: Int64 = 0x5354_4345_4A4C
}
