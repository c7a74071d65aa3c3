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

    /// Finds `product` beside the test bundle, where `swift build` puts every product.
    public init(product: String) {
        executable = Self.productsDirectory.appendingPathComponent(product)
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

    /// Runs the executable with `arguments`, extra `environment` and `input` on stdin, in `folder`
    /// (the test's own when `nil`); kills it after `timeout` seconds.
    public func run(
        _ arguments: [String], environment: [String: String] = [:], input: String? = nil, in folder: URL? = nil,
        timeout: Double = 60
    ) throws -> Result {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        if let folder { process.currentDirectoryURL = folder }
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { _, new in new }
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
                collected.store(pipe.fileHandleForReading.readDataToEndOfFile(), isError: isError)
            }
        }
        if group.wait(timeout: .now() + timeout) == .timedOut {
            process.terminate()
            _ = group.wait(timeout: .now() + 5)
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
