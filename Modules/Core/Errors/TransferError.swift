/// An HTTP exchange that failed after the client's retries; HTTPClient throws it, the apps word it.
public struct TransferError: DomainError, Equatable {
    /// How the exchange failed.
    public enum Failure: Sendable, Equatable {
        /// No answer within the time limit.
        case timedOut
        /// The connection could not be made or broke; the transport's reason.
        case connectionFailed(String)
        /// The server answered with an error status on every attempt.
        case status(Int)
        /// The answer was larger than the client accepts, in bytes.
        case responseTooLarge(limit: Int)
        /// The server asked to wait longer than the client is willing to, in seconds.
        case retryAfterTooLong(status: Int, seconds: Int)
        /// The answer was still arriving when the attempt's deadline, in seconds, passed.
        case tooSlow(seconds: Int)
        /// A redirect led back to an address already asked for.
        case redirectLoop(location: String)
        /// More redirects than the client follows for one request.
        case tooManyRedirects(limit: Int)
    }

    /// The request, as `GET https://…`.
    public let request: String
    /// How it failed.
    public let failure: Failure
    /// How many attempts were made.
    public let attempts: Int

    /// `.network` when no answer came, `.remote` when the server answered badly.
    public var kind: ErrorKind {
        switch failure {
        case .timedOut, .connectionFailed, .tooSlow: .network
        case .status, .responseTooLarge, .retryAfterTooLong, .redirectLoop, .tooManyRedirects: .remote
        }
    }

    public init(request: String, failure: Failure, attempts: Int) {
        self.request = request
        self.failure = failure
        self.attempts = attempts
    }
}
