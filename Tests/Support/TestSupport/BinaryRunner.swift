import Foundation

/// Runs one of the package's built executables, as a user would, and captures what it prints.
public struct BinaryRunner: Sendable {
    /// What a run produced.
    public struct Result: Sendable {
        /// The exit status.
        public let status: Int32
        /// Everything written to standard output.
        public let stdout: String
        /// Everything written to standard error.
        public let stderr: String
    }

    /// The executable's URL.
    public let executable: URL
    /// A command that runs the executable for us (`setpriv` to drop root), or empty to run it directly.
    private let launcher: [String]

    /// Finds `product` beside the test bundle, where `swift build` puts every product.
    public init(product: String) {
        executable = Self.productsDirectory.appendingPathComponent(product)
        launcher = []
    }

    /// Runs `product` as the user `nobody` when the tests run as root, so file permissions
    /// (a 0444 database) apply as they do for a person; as itself otherwise.
    public static func unprivileged(product: String) -> BinaryRunner {
        BinaryRunner(product: product, launcher: getuid() == 0 ? unprivilegedLauncher : [])
    }

    /// util-linux's `setpriv`, dropping to `nobody` (65534) with no supplementary groups.
    public static let unprivilegedLauncher = [
        "/usr/bin/setpriv", "--reuid=65534", "--regid=65534", "--clear-groups",
    ]

    private init(product: String, launcher: [String]) {
        executable = Self.productsDirectory.appendingPathComponent(product)
        self.launcher = launcher
    }

    /// The build products folder (`.build/<triple>/debug`): the test runner lives there too.
    public static var productsDirectory: URL {
        let runner = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
        var directory = runner.deletingLastPathComponent()
        // On Linux the runner is <products>/<Package>PackageTests.xctest; step out of a bundle if there is one.
        while directory.pathExtension == "xctest" || directory.lastPathComponent == "Contents"
            || directory.lastPathComponent == "MacOS"
        {
            directory.deleteLastPathComponent()
        }
        return directory
    }

    /// `run`, awaited on a Dispatch thread instead of blocking one of the cooperative pool's (one
    /// per core): for tests that wait on deadlines, retries and slow servers, so that other tests
    /// run meanwhile.
    public func runOffPool(
        _ arguments: [String], environment: [String: String] = [:], input: String? = nil, in folder: URL? = nil,
        timeout: Double = 60
    ) async throws -> Result {
        try await offPool { try run(arguments, environment: environment, input: input, in: folder, timeout: timeout) }
    }

    /// Runs the executable with `arguments`, extra `environment` and `input` on stdin, in `folder`
    /// (the test's own when `nil`); kills it after `timeout` seconds.
    public func run(
        _ arguments: [String],
        environment: [String: String] = [:],
        input: String? = nil,
        in folder: URL? = nil,
        timeout: Double = 60
    ) throws -> Result {
        let process = Process()
        if let first = launcher.first {
            ChildProcess.configure(
                process, executable: URL(fileURLWithPath: first),
                arguments: launcher.dropFirst() + [executable.path] + arguments)
        } else {
            ChildProcess.configure(process, executable: executable, arguments: arguments)
        }
        if let folder { process.currentDirectoryURL = folder }
        // A test never reads the developer's own databases: their STRATA_<APP>_DB stays out.
        var merged = ProcessInfo.processInfo.environment.filter { key, _ in
            !(key.hasPrefix("STRATA_") && key.hasSuffix("_DB"))
        }
        merged["NO_COLOR"] = "1"
        merged["COLUMNS"] = "100"
        for (key, value) in environment { merged[key] = value }
        process.environment = merged
        let output = Pipe()
        let errors = Pipe()
        let stdin = Pipe()
        process.standardOutput = output
        process.standardError = errors
        process.standardInput = stdin
        try process.run()
        if let input { stdin.fileHandleForWriting.write(Data(input.utf8)) }
        try stdin.fileHandleForWriting.close()
        // Read both pipes while the process runs, so a chatty process never blocks on a full pipe.
        let collected = Collected()
        let group = DispatchGroup()
        for (pipe, isError) in [(output, false), (errors, true)] {
            DispatchQueue.global().async(group: group) {
                let data = pipe.fileHandleForReading.readDataToEndOfFile()
                collected.store(data, isError: isError)
            }
        }
        let deadline = DispatchTime.now() + timeout
        if group.wait(timeout: deadline) == .timedOut {
            process.terminate()
            // A program that handles SIGTERM may not end (a graceful shutdown that waits on a
            // server): SIGKILL it, so no test waits for ever.
            if group.wait(timeout: .now() + 5) == .timedOut, process.isRunning {
                kill(process.processIdentifier, SIGKILL)
            }
        }
        process.waitUntilExit()
        return Result(status: process.terminationStatus, stdout: collected.stdout, stderr: collected.stderr)
    }
}

private final class Collected: @unchecked Sendable {
    private let lock = NSLock()
    private var out = Data(), err = Data()
    func store(_ data: Data, isError: Bool) { lock.withLock { if isError { err = data } else { out = data } } }
    var stdout: String { lock.withLock { String(decoding: out, as: UTF8.self) } }
    var stderr: String { lock.withLock { String(decoding: err, as: UTF8.self) } }
}
