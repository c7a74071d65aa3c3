/// An HTTP attempt that failed and is about to be tried again: HTTPClient reports it, the app
/// decides whether and how to say so (a line on a terminal, nothing in a pipe).
public struct TransferRetry: Sendable, Equatable {
    /// The request, as `GET https://…`.
    public let request: String
    /// How the attempt that just ended failed.
    public let failure: TransferError.Failure
    /// The attempt about to be made (2 for the first retry).
    public let nextAttempt: Int
    /// Attempts in all.
    public let maxAttempts: Int
    /// Seconds to wait before it.
    public let delay: Double

    public init(request: String, failure: TransferError.Failure, nextAttempt: Int, maxAttempts: Int, delay: Double) {
        self.request = request
        self.failure = failure
        self.nextAttempt = nextAttempt
        self.maxAttempts = maxAttempts
        self.delay = delay
    }
}
