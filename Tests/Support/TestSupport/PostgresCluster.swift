import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// A throwaway PostgreSQL server for the tests, one per test process, started on first use.
///
/// `Tools/Scripts/pg-cluster.sh` does the work (the demo and the benchmarks use it too): initdb
/// into a temporary folder, a free loopback port, the `postgres` user when we are root. It
/// watches this process and removes the cluster when the process ends, so even a crashed test
/// run leaves no server behind. Each test asks for a database of its own (`makeDatabase()`).
/// When PostgreSQL cannot start, every test that needs it fails with the script's one line:
/// there is no silent skip.
public enum PostgresCluster {
    /// Why the cluster could not start: the script's own line.
    public struct Unavailable: Error, CustomStringConvertible {
        public let description: String
    }

    /// The cluster's folder and the URL of its `strata` database, once started.
    private static let started = Task { try start() }

    /// The URL of a new, empty database, such as `postgres://strata@127.0.0.1:54321/t_…`.
    public static func makeDatabase() async throws -> String {
        let folder = try await started.value
        let name = "t_" + UUID().uuidString.lowercased().replacingOccurrences(of: "-", with: "")
        return try script(["createdb", folder, name])
    }

    /// Runs one SQL statement on the database at `url` (one `makeDatabase()` gave) and returns
    /// the last line it printed: for a test that shapes a database the way another program would.
    @discardableResult
    public static func execute(_ url: String, _ statement: String) async throws -> String {
        _ = try await started.value
        return try script(["sql", url, statement])
    }

    /// A cluster of its own, for a test that stops or pauses the server (the shared one serves every other test).
    ///
    /// `durable` keeps PostgreSQL's commit guarantees (fsync, synchronous commit), which the
    /// other clusters skip for speed: a test that kills the server needs them, or the last
    /// acknowledged commits (the schema, even) are lost with the server's memory.
    public static func makeOwnCluster(durable: Bool = false) throws -> OwnCluster {
        let folder = "/tmp/strata-pg-" + UUID().uuidString.prefix(8).lowercased()
        let watch = ["--watch", String(ProcessInfo.processInfo.processIdentifier)]
        let url = try script(["start", folder] + watch + (durable ? ["--durable"] : []))
        return OwnCluster(folder: folder, url: url)
    }

    /// A cluster one test owns: its `strata` database's URL, and the means to pause it (SIGSTOP
    /// on the server and every process it started: connections stay open and nothing answers),
    /// resume it, and remove it.
    public final class OwnCluster: Sendable {
        /// The cluster's folder.
        public let folder: String
        /// The URL of its `strata` database.
        public let url: String

        init(folder: String, url: String) {
            self.folder = folder
            self.url = url
        }

        /// Makes the server take TCP logins over TLS only, with a new self-signed certificate whose
        /// subject alternative name is `subjectAltName` (such as `DNS:localhost`); returns its file.
        public func requireTLS(subjectAltName: String) throws -> String {
            try PostgresCluster.script(["tls", folder, subjectAltName])
        }

        /// Kills the server with SIGKILL (its backends follow): a crash, not a shutdown.
        public func crash() throws { try PostgresCluster.script(["crash", folder]) }

        /// Starts a crashed server again on the same port; it recovers from its log first.
        public func restart() throws { try PostgresCluster.script(["restart", folder]) }

        /// Stops every process of the cluster where it is (SIGSTOP).
        public func pause() throws { try signal(SIGSTOP) }

        /// Lets every process of the cluster go on (SIGCONT).
        public func resume() throws { try signal(SIGCONT) }

        /// Stops the cluster and removes its folder.
        public func remove() {
            try? resume()
            _ = try? PostgresCluster.script(["stop", folder])
        }

        /// The server's process id (the first line of `postmaster.pid`) and its children's, by /proc.
        private func processes() throws -> [pid_t] {
            let pidFile = try String(contentsOfFile: folder + "/data/postmaster.pid", encoding: .utf8)
            guard let first = pidFile.split(separator: "\n").first, let server = pid_t(first) else {
                throw Unavailable(description: "no server process in \(folder)")
            }
            var found = [server]
            for entry in (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? [] {
                guard let pid = pid_t(entry),
                    let stat = try? String(contentsOfFile: "/proc/\(entry)/stat", encoding: .utf8),
                    let close = stat.lastIndex(of: ")")
                else { continue }
                // After "pid (name) ": the state, then the parent's id.
                let fields = stat[stat.index(after: close)...].split(separator: " ")
                if fields.count > 1, pid_t(fields[1]) == server { found.append(pid) }
            }
            return found
        }

        private func signal(_ signal: Int32) throws {
            for pid in try processes() { kill(pid, signal) }
        }
    }

    private static func start() throws -> String {
        // Always /tmp, not $TMPDIR: the `postgres` user must be able to enter it when we are root,
        // and a Unix socket's path may not be longer than 107 bytes.
        let folder = "/tmp/strata-pg-" + UUID().uuidString.prefix(8).lowercased()
        _ = try script(["start", folder, "--watch", String(ProcessInfo.processInfo.processIdentifier)])
        return folder
    }

    /// Runs the script and returns its last line of output; its error line when it fails.
    @discardableResult
    private static func script(_ arguments: [String]) throws -> String {
        let process = Process()
        ChildProcess.configure(
            process, executable: URL(fileURLWithPath: "/bin/bash"), arguments: [scriptPath] + arguments)
        let output = Pipe()
        let errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        let out = output.fileHandleForReading.readDataToEndOfFile()
        let err = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let lastLine = { (data: Data) in
            String(decoding: data, as: UTF8.self).split(separator: "\n").last.map(String.init) ?? ""
        }
        guard process.terminationStatus == 0 else {
            throw Unavailable(description: "PostgreSQL is unavailable for the tests: " + lastLine(err))
        }
        return lastLine(out)
    }

    private static let scriptPath = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Tools/Scripts/pg-cluster.sh").path
}
