import Core
import Foundation

/// An HTTP client with the manners a public API expects: a User-Agent, timeouts, a body cap,
/// and bounded retries with exponential backoff that honour `Retry-After`.
///
/// ```swift
/// let client = HTTPClient(configuration: .init(userAgent: "papers/1.0"))
/// let response = try await client.get(URL(string: "https://export.arxiv.org/api/query?id_list=2401.12345")!)
/// ```
///
/// Every failure comes out as a `TransferError` (kind `.network` for connections and timeouts,
/// `.remote` for HTTP errors) naming the request; the app words it.
public struct HTTPClient: Sendable {
    /// How the client behaves.
    public struct Configuration: Sendable, Equatable {
        /// Sent with every request, so the server can tell who calls.
        public var userAgent: String
        /// Limits of each attempt.
        public var limits: HTTPLimits
        /// Attempts in all, the first included.
        public var maxAttempts: Int
        /// The first backoff, in seconds; it doubles on each retry.
        public var baseDelay: Double
        /// The longest backoff between two attempts, in seconds.
        public var maxDelay: Double
        /// The longest `Retry-After` the client waits; a server asking for more gets a clear error instead.
        public var maxRetryAfter: Double
        /// Statuses worth another attempt.
        public var retryableStatuses: Set<Int>
        /// Redirects followed for one request; a longer chain, or one that comes back to an address, ends it.
        public var maxRedirects: Int

        /// Creates a configuration; the defaults suit a polite command-line client.
        public init(
            userAgent: String,
            limits: HTTPLimits = HTTPLimits(),
            maxAttempts: Int = 4,
            baseDelay: Double = 1,
            maxDelay: Double = 30,
            maxRetryAfter: Double = 120,
            retryableStatuses: Set<Int> = [408, 429, 500, 502, 503, 504],
            maxRedirects: Int = 5
        ) {
            self.userAgent = userAgent
            self.limits = limits
            self.maxAttempts = max(1, maxAttempts)
            self.baseDelay = baseDelay
            self.maxDelay = maxDelay
            self.maxRetryAfter = maxRetryAfter
            self.retryableStatuses = retryableStatuses
            self.maxRedirects = max(0, maxRedirects)
        }
    }

    /// How the client behaves.
    public let configuration: Configuration
    private let transport: HTTPTransport
    private let clock: WallClock
    private let onRetry: @Sendable (TransferRetry) -> Void
    /// Spreads the backoff when given ("equal jitter": half the backoff, plus a random part of the
    /// other half), so clients that failed together do not retry together.
    private let jitter: RandomSource?

    /// Creates a client; tests inject a transport or a clock, live code takes the defaults.
    ///
    /// - Parameters:
    ///   - jitter: when given, each backoff is drawn between half and all of its exponential value.
    ///   - onRetry: told before each wait between attempts, so a person is not left
    ///     staring at a silent terminal for the whole backoff; the app words it.
    public init(
        configuration: Configuration, transport: HTTPTransport = .live, clock: WallClock = .live,
        jitter: RandomSource? = nil, onRetry: @escaping @Sendable (TransferRetry) -> Void = { _ in }
    ) {
        self.jitter = jitter
        self.configuration = configuration
        self.transport = transport
        self.clock = clock
        self.onRetry = onRetry
    }

    /// Sends a GET request.
    public func get(_ url: URL, headers: [String: String] = [:]) async throws -> HTTPResponse {
        try await send(HTTPRequest(url: url, headers: headers))
    }

    /// Sends a GET request, calling `pace` before every attempt and every redirect it follows,
    /// and `answered` as each one's answer (or failure) arrives.
    public func get(
        _ url: URL, pace: @Sendable () async throws -> Void, answered: @Sendable () async throws -> Void = {}
    ) async throws -> HTTPResponse {
        try await send(HTTPRequest(url: url), pace: pace, answered: answered)
    }

    /// Sends `request`, retrying transient failures and following redirects, and returns the first final response.
    ///
    /// A 2xx or a non-retryable status is returned as it is, so callers can read an API's
    /// error body; a retryable status that persists after the last attempt throws. A redirect
    /// back to an address already asked for, or more than `maxRedirects` of them, throws at once.
    ///
    /// - Parameters:
    ///   - pace: awaited before each request goes out (a retry and a redirect are requests too),
    ///     so a caller that must space its requests, as arXiv asks, can.
    ///   - answered: awaited as each request's answer or failure arrives, before a redirect is
    ///     followed or a retry waits: when the server last heard from us, for such a caller.
    public func send(
        _ request: HTTPRequest, pace: @Sendable () async throws -> Void = {},
        answered: @Sendable () async throws -> Void = {}
    ) async throws -> HTTPResponse {
        var request = request
        if request.headers.keys.first(where: { $0.lowercased() == "user-agent" }) == nil {
            request.headers["User-Agent"] = configuration.userAgent
        }
        let original = describe(request)
        var visited: Set<String> = [request.url.absoluteString]
        var attempt = 1
        while true {
            let outcome: Outcome
            do {
                try await pace()
                let response: HTTPResponse
                do {
                    response = try await transport.send(request, configuration.limits)
                } catch {
                    try await answered()
                    throw error
                }
                try await answered()
                if let next = try redirect(from: response, of: request, original: original, attempt: attempt) {
                    guard visited.insert(next.url.absoluteString).inserted else {
                        throw TransferError(
                            request: original, failure: .redirectLoop(location: next.url.absoluteString),
                            attempts: attempt)
                    }
                    guard visited.count <= configuration.maxRedirects + 1 else {
                        throw TransferError(
                            request: original, failure: .tooManyRedirects(limit: configuration.maxRedirects),
                            attempts: attempt)
                    }
                    request = next
                    continue
                }
                if !configuration.retryableStatuses.contains(response.status) { return response }
                outcome = .status(response)
            } catch let error as HTTPTransportError {
                if case .responseTooLarge(let limit) = error {
                    throw TransferError(
                        request: describe(request), failure: .responseTooLarge(limit: limit), attempts: attempt)
                }
                outcome = .transport(error)
            }
            try Task.checkCancellation()
            guard attempt < configuration.maxAttempts else { throw giveUp(request, outcome, attempts: attempt) }
            let delay = try delay(after: outcome, attempt: attempt, request: request)
            onRetry(
                TransferRetry(
                    request: describe(request), failure: failure(of: outcome), nextAttempt: attempt + 1,
                    maxAttempts: configuration.maxAttempts, delay: delay))
            try await clock.sleep(delay)
            attempt += 1
        }
    }

    /// The request a redirect asks for: nil when `response` is no redirect the client follows.
    private func redirect(from response: HTTPResponse, of request: HTTPRequest, original: String, attempt: Int)
        throws(TransferError) -> HTTPRequest?
    {
        guard [301, 302, 303, 307, 308].contains(response.status), let location = response.header("Location"),
            let target = URL(string: location, relativeTo: request.url)?.absoluteURL,
            let scheme = target.scheme?.lowercased(), scheme == "http" || scheme == "https"
        else { return nil }
        guard configuration.maxRedirects > 0 else {
            throw TransferError(
                request: original, failure: .tooManyRedirects(limit: configuration.maxRedirects), attempts: attempt)
        }
        var next = request
        next.url = target
        if response.status == 303 {
            next.method = "GET"
            next.body = nil
        }
        return next
    }

    /// Seconds to wait before attempt `attempt + 1`: the server's `Retry-After` if it gave one, else the backoff.
    private func delay(after outcome: Outcome, attempt: Int, request: HTTPRequest) throws(TransferError) -> Double {
        var backoff = min(configuration.maxDelay, configuration.baseDelay * pow(2, Double(attempt - 1)))
        if let jitter {
            backoff = backoff / 2 + backoff / 2 * Double(jitter.next() >> 11) / Double(UInt64(1) << 53)
        }
        guard case .status(let response) = outcome,
            let retryAfter = response.header("Retry-After").flatMap({ RetryAfter.seconds($0, now: clock.now()) })
        else { return backoff }
        guard retryAfter <= configuration.maxRetryAfter else {
            throw TransferError(
                request: describe(request),
                failure: .retryAfterTooLong(status: response.status, seconds: Self.wholeSeconds(retryAfter)),
                attempts: attempt)
        }
        return retryAfter
    }

    /// `seconds` as a whole number, clamped: a server may ask for `1e19` or `inf`, which no `Int` holds.
    static func wholeSeconds(_ seconds: Double) -> Int {
        guard seconds.isFinite else { return Int(Int32.max) }
        return Int(min(max(0, seconds), Double(Int32.max)).rounded(.up))
    }

    private func giveUp(_ request: HTTPRequest, _ outcome: Outcome, attempts: Int) -> TransferError {
        TransferError(request: describe(request), failure: failure(of: outcome), attempts: attempts)
    }

    private func failure(of outcome: Outcome) -> TransferError.Failure {
        switch outcome {
        case .status(let response): .status(response.status)
        case .transport(.timedOut): .timedOut
        case .transport(.connectionFailed(let reason)): .connectionFailed(reason)
        case .transport(.responseTooLarge(let limit)): .responseTooLarge(limit: limit)
        case .transport(.tooSlow(let seconds)): .tooSlow(seconds: seconds)
        }
    }

    private func describe(_ request: HTTPRequest) -> String {
        "\(request.method) \(request.url.absoluteString)"
    }

    private enum Outcome {
        case status(HTTPResponse)
        case transport(HTTPTransportError)
    }
}

/// Parses `Retry-After`, which is either delay-seconds or an HTTP-date (RFC 9110 §10.2.3).
enum RetryAfter {
    static func seconds(_ value: String, now: Date) -> Double? {
        let trimmed = value.trimmingCharacters(in: .whitespaces)
        if let seconds = Double(trimmed), seconds >= 0 { return seconds }
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "GMT")
        formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss zzz"
        guard let date = formatter.date(from: trimmed) else { return nil }
        return max(0, date.timeIntervalSince(now))
    }
}
