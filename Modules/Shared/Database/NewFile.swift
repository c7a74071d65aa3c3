import Core
import Foundation
import GRDB

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Creates a database file all at once: built under a temporary name beside its place, migrated,
/// then linked into place.
///
/// Until the link, the file's own path does not exist, so no process ever sees an empty or
/// half-migrated file there, and one that fails (a full disk, a migration that throws) leaves
/// nothing behind: the temporary file and any folder this create made are removed.
enum NewFile {
    /// Creates the database at `url`, running `build` on it first; a file another process linked
    /// there meanwhile is kept, and this one discarded.
    static func create(
        at url: URL, busyTimeout: TimeInterval, build: (DatabaseQueue) throws -> Void
    ) throws {
        let folder = url.deletingLastPathComponent()
        let madeFolders = try makeFolders(folder)
        let temporary = folder.appendingPathComponent(".\(url.lastPathComponent).\(UUID().uuidString).new")
        do {
            var configuration = Configuration()
            configuration.busyMode = .timeout(busyTimeout)
            configuration.foreignKeysEnabled = true
            let queue = try DatabaseQueue(path: temporary.path, configuration: configuration)
            do {
                // The mode every pool opens the file in; kept in the file's header.
                try queue.writeWithoutTransaction { db in try db.execute(sql: "PRAGMA journal_mode = WAL") }
                try build(queue)
                // Closing the last connection checkpoints the WAL into the file and deletes it.
                try queue.close()
            } catch {
                try? queue.close()
                throw error
            }
            try place(temporary, at: url)
        } catch {
            remove(temporary)
            // Deepest first; a folder another process has put something in meanwhile stays.
            for made in madeFolders.reversed() { rmdir(made.path) }
            throw error
        }
    }

    /// Creates `folder` and its missing parents, returning the ones made, outermost first.
    private static func makeFolders(_ folder: URL) throws -> [URL] {
        var missing: [URL] = []
        var current = folder.standardizedFileURL
        while !FileManager.default.fileExists(atPath: current.path), current.path != "/" {
            missing.insert(current, at: 0)
            current.deleteLastPathComponent()
        }
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return missing
    }

    /// Puts `temporary` at `url` unless a file is already there (another process created it
    /// first: theirs is kept), then removes the temporary name.
    ///
    /// `link` rather than `rename`: rename would replace a file another process created in the
    /// meantime, and its writes with it. A file system without hard links gets the rename.
    private static func place(_ temporary: URL, at url: URL) throws {
        if link(temporary.path, url.path) == 0 || errno == EEXIST {
            remove(temporary)
            return
        }
        let failure = errno
        guard [EPERM, EOPNOTSUPP, EMLINK, EXDEV].contains(failure),
            !FileManager.default.fileExists(atPath: url.path)
        else {
            throw StorageError(.open, path: url.path, reason: String(cString: strerror(failure)))
        }
        try FileManager.default.moveItem(at: temporary, to: url)
    }

    /// Removes a database file and what SQLite keeps beside it.
    private static func remove(_ file: URL) {
        for suffix in ["", "-wal", "-shm", "-journal"] {
            unlink(file.path + suffix)
        }
    }
}
