import Foundation

/// The `sqlite3` command-line shell (Debian's `sqlite3`, installed by `make setup`), for tests
/// of the built binaries that must shape a database file the way another program would: a
/// migration a newer version recorded, another schema. The binaries' tests link no SQLite.
public enum SQLiteShell {
    /// What `sqlite3` printed, or its error line.
    public struct Failed: Error, CustomStringConvertible {
        public let description: String
    }

    /// Runs `sql` on the file at `path` and returns what `sqlite3` printed.
    @discardableResult
    public static func run(_ path: String, _ sql: String) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["sqlite3", "-batch", path, sql]
        let output = Pipe()
        let errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        let out = output.fileHandleForReading.readDataToEndOfFile()
        let err = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw Failed(description: "sqlite3: " + String(decoding: err, as: UTF8.self))
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// Moves every commit still in the file's WAL into the file and removes the WAL.
    public static func checkpoint(_ path: String) throws {
        try run(path, "PRAGMA wal_checkpoint(TRUNCATE);")
    }

    /// Overwrites `count` bytes from the start of the page at `fraction` of the file at `path`
    /// with bytes from a fixed seed, as a failing disk or a stray write would: the same damage on
    /// every run. From a page's start, so the page's header is hit whatever the rows hold: bytes
    /// inside a row's text are damage SQLite's checks cannot see.
    ///
    /// The WAL is first checkpointed into the file (a process that ends without closing its
    /// connections leaves its last commits there), so the bytes hit are the database's own.
    public static func damage(_ path: String, count: Int = 120, at fraction: Double = 0.5) throws {
        try checkpoint(path)
        let handle = try FileHandle(forUpdating: URL(fileURLWithPath: path))
        defer { try? handle.close() }
        let header = try handle.read(upToCount: 100) ?? Data()
        // The page size: big-endian at offset 16, where 1 stands for 65,536.
        let stored = header.count >= 18 ? Int(header[16]) << 8 | Int(header[17]) : 4096
        let pageSize = UInt64(stored == 1 ? 65_536 : max(stored, 512))
        let size = try handle.seekToEnd()
        try handle.seek(toOffset: UInt64(Double(size) * fraction) / pageSize * pageSize)
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        let bytes = (0..<count).map { _ -> UInt8 in
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return UInt8(truncatingIfNeeded: state >> 33)
        }
        try handle.write(contentsOf: Data(bytes))
    }
}
