import Foundation

/// Sends one request and returns its response: the single endpoint tests replace.
///
/// The live transport is `AsyncHTTPClientTransport`; a test passes a closure instead, so it
/// overrides this one endpoint and keeps the client's retry and error logic.
public struct HTTPTransport: Sendable {
    /// Sends the request once, with no retries.
    public var send: @Sendable (HTTPRequest, _ limits: HTTPLimits) async throws -> HTTPResponse

    /// Creates a transport from a closure.
    public init(send: @escaping @Sendable (HTTPRequest, _ limits: HTTPLimits) async throws -> HTTPResponse) {
        self.send = send
    }

    /// AsyncHTTPClient on SwiftNIO, through the proxy the process's environment names, if any.
    public static var live: HTTPTransport { live(environment: ProcessInfo.processInfo.environment) }

    /// AsyncHTTPClient on SwiftNIO, through the proxy `environment` names (`https_proxy`,
    /// `http_proxy`, `no_proxy`, as curl reads them), if any.
    public static func live(environment: [String: String]) -> HTTPTransport {
        let transport = AsyncHTTPClientTransport(proxies: ProxySettings(environment: environment))
        return HTTPTransport { request, limits in try await transport.send(request, limits: limits) }
    }
}

/// The limits of one attempt.
public struct HTTPLimits: Sendable, Equatable {
    /// Seconds to wait for the server to send anything (connecting or between bytes).
    public var idleTimeout: Double
    /// Seconds one attempt may take in all, body included: a server trickling bytes is cut off here.
    public var totalTimeout: Double
    /// Bytes a response body may have; a longer one is cut off with an error.
    public var maxResponseBytes: Int

    /// Creates limits.
    public init(idleTimeout: Double = 30, totalTimeout: Double = 120, maxResponseBytes: Int = 64 << 20) {
        self.idleTimeout = idleTimeout
        self.totalTimeout = totalTimeout
        self.maxResponseBytes = maxResponseBytes
    }
}

/// Why one attempt failed below HTTP: the transport's own errors.
public enum HTTPTransportError: Error, Sendable, Equatable {
    /// The server did not answer in time.
    case timedOut
    /// No connection could be made, or it broke.
    case connectionFailed(String)
    /// The body was larger than the limit.
    case responseTooLarge(limit: Int)
    /// The response was not whole when the attempt's total time, in seconds, ran out.
    case tooSlow(seconds: Int)
}
