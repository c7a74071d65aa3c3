import Foundation

/// Runs a command in a folder and captures its merged output (for `swift build` and friends).
public enum SmokeShell {
    /// The variable that makes Swift's hashing the same in every process, set for every command run here.
    ///
    /// SwiftPM 6.3 passes a dependency's enabled traits to the compiler in the order of a `Set`,
    /// which follows each process's random hash seed (swiftlang/swift-package-manager#10525). A
    /// build planned for another root package then orders Hummingbird's two traits differently,
    /// and its modules compile again though nothing changed. `make` sets it for its own builds too.
    public static let deterministicHashing = "SWIFT_DETERMINISTIC_HASHING"

    public struct Result {
        public let status: Int32
        public let output: String
        public let seconds: Double

        /// The last lines, for failure messages.
        public var tail: String { output.split(separator: "\n").suffix(30).joined(separator: "\n") }
    }

    public static func run(_ arguments: [String], in folder: URL, environment: [String: String] = [:], timeout: Double)
        throws
        -> Result
    {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = arguments
        process.environment = ProcessInfo.processInfo.environment.merging([Self.deterministicHashing: "1"]) { _, new in
            new
        }.merging(environment) { _, new in new }
        process.currentDirectoryURL = folder
        let log = FileManager.default.temporaryDirectory.appendingPathComponent("strata-shell-\(UUID().uuidString).log")
        _ = FileManager.default.createFile(atPath: log.path, contents: nil)
        defer { try? FileManager.default.removeItem(at: log) }
        let handle = try FileHandle(forWritingTo: log)
        process.standardOutput = handle
        process.standardError = handle
        process.standardInput = FileHandle.nullDevice
        let start = Date()
        try process.run()
        let finished = DispatchSemaphore(value: 0)
        process.terminationHandler = { _ in finished.signal() }
        if finished.wait(timeout: .now() + timeout) == .timedOut {
            process.terminate()
            process.waitUntilExit()
        }
        try handle.close()
        let output = String(decoding: FileManager.default.contents(atPath: log.path) ?? Data(), as: UTF8.self)
        return Result(status: process.terminationStatus, output: output, seconds: Date().timeIntervalSince(start))
    }
}
