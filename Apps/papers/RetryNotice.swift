import Core
import TerminalUI

/// Says on a terminal what `papers` is waiting for while the HTTP client backs off between
/// attempts (3 s, 6 s, 12 s against arXiv): without it a search against an unreachable API
/// prints nothing for 21 s. In a pipe it says nothing, as the progress bar does.
struct RetryNotice: Sendable {
    /// Whether to write anything: only when standard error is a terminal.
    let isShown: Bool

    /// The notice for this process's standard error.
    static var live: RetryNotice { RetryNotice(isShown: TerminalEnvironment.live.showsProgress) }

    /// Writes the line for `retry` to standard error, when shown.
    func show(_ retry: TransferRetry) {
        guard isShown else { return }
        ErrorOutput.report(line: "papers: " + Self.line(for: retry))
    }

    /// `arXiv did not answer in time; retrying in 3 s (2 of 4)`.
    static func line(for retry: TransferRetry) -> String {
        let what =
            switch retry.failure {
            case .timedOut: "arXiv did not answer in time"
            case .tooSlow(let seconds): "arXiv's answer was not whole after \(seconds) s"
            case .connectionFailed: "arXiv could not be reached"
            case .status(let status): "arXiv answered HTTP \(status)"
            case .responseTooLarge, .retryAfterTooLong, .redirectLoop, .tooManyRedirects: "arXiv did not answer"
            }
        let seconds = max(1, Int(retry.delay.rounded()))
        return "\(what); retrying in \(seconds) s (\(retry.nextAttempt) of \(retry.maxAttempts))"
    }
}
