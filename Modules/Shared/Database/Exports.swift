// Repositories write their migrations and queries with GRDB's API; re-exporting it means a
// repository declares one dependency (Database) and never names the SQLite library itself.
@_exported import GRDB
