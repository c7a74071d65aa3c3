import ArgumentParser
import Core
import Foundation
import TerminalUI

/// The one way every app runs a command and fails: `<app>: error: <line>` on stderr and the kind's exit code.
///
/// The feature's layers throw typed errors; the app passes its `wording` (the only place that
/// names its flags and commands), and errors of the shared infrastructure (storage, HTTP) get
/// the words in `SharedWording`.
public struct ErrorReporter: Sendable {
    /// The app's name, the prefix of every error line.
    public let app: String
    private let wording: @Sendable (any DomainError) -> String?

    /// Creates a reporter for `app`; `wording` words the feature's own errors (`nil` for shared words).
    public init(app: String, wording: @escaping @Sendable (any DomainError) -> String? = { _ in nil }) {
        self.app = app
        self.wording = wording
    }

    /// Runs `body`; a failure is reported and becomes `ExitCode` (argument-parser's own errors pass through).
    ///
    /// `body` runs on the caller's actor (a command's `@MainActor run()`), so it may touch presenters.
    /// Standard output is held if closed before it runs, and flushed after: a command whose
    /// output did not arrive fails (`StandardOutput`).
    public func run<Value>(
        isolation: isolated (any Actor)? = #isolation, _ body: () async throws -> Value
    ) async throws -> Value {
        StandardOutput.holdIfClosed()
        do {
            let value = try await body()
            try StandardOutput.finish()
            return value
        } catch {
            throw report(error)
        }
    }

    /// The synchronous `run(_:)`.
    public func run<Value>(_ body: () throws -> Value) throws -> Value {
        StandardOutput.holdIfClosed()
        do {
            let value = try body()
            try StandardOutput.finish()
            return value
        } catch {
            throw report(error)
        }
    }

    /// Prints the line for `error` to stderr and returns the error to throw: the exit code of its kind.
    ///
    /// Errors argument-parser renders itself (`ExitCode`, `CleanExit`, `ValidationError`) are returned unchanged.
    public func report(_ error: any Error) -> any Error {
        if error is ExitCode || error is CleanExit || error is ValidationError { return error }
        let failure = domainError((error as? ViewFailure)?.error ?? error)
        ErrorOutput.report(line: "\(app): error: \(message(for: failure))")
        return ExitCode(failure.exitCode)
    }

    /// The one line for `error`: the feature's words, else the shared words.
    public func message(for error: any Error) -> String {
        let failure = domainError((error as? ViewFailure)?.error ?? error)
        let line = wording(failure) ?? SharedWording.message(for: failure)
        return line.split(whereSeparator: \.isNewline).joined(separator: " ")
    }
}
