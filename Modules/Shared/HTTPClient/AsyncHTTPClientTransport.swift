import AsyncHTTPClient
import Foundation
import NIOCore
import NIOHTTP1

/// The live transport: AsyncHTTPClient on SwiftNIO, one client per attempt (as a fresh
/// connection per attempt always was), redirects handed back to `HTTPClient`, the body cap
/// enforced while the bytes arrive and a deadline over the whole answer, body included.
///
/// Not FoundationNetworking's URLSession: on Linux it keeps watching a connected socket for
/// writability after the request is sent, so a command waiting on a slow server spun a core.
struct AsyncHTTPClientTransport: Sendable {
    /// The proxies the environment names.
    let proxies: ProxySettings

    func send(_ request: HTTPRequest, limits: HTTPLimits) async throws -> HTTPResponse {
        var configuration = Self.configuration(limits)
        configuration.proxy = proxies.proxy(for: request.url)
        let client = AsyncHTTPClient.HTTPClient(eventLoopGroupProvider: .singleton, configuration: configuration)
        // The answer is whole (or the attempt failed) before the client is let go: a failure to
        // close its connections afterwards changes nothing the caller asked for.
        let outcome: Result<HTTPResponse, HTTPTransportError>
        do {
            outcome = .success(try await Self.within(limits) { try await Self.exchange(request, limits, client) })
        } catch {
            outcome = .failure(Self.classify(error, limits: limits))
        }
        try? await client.shutdown()
        return try outcome.get()
    }

    /// No redirects followed, no decompression; `idleTimeout` for connecting and between reads.
    static func configuration(_ limits: HTTPLimits) -> AsyncHTTPClient.HTTPClient.Configuration {
        AsyncHTTPClient.HTTPClient.Configuration(
            redirectConfiguration: .disallow,
            timeout: .init(
                connect: .milliseconds(Int64(limits.idleTimeout * 1000)),
                read: .milliseconds(Int64(limits.idleTimeout * 1000))),
            decompression: .disabled)
    }

    /// One request and its whole body, refused as soon as the body is known to exceed the cap.
    static func exchange(
        _ request: HTTPRequest, _ limits: HTTPLimits, _ client: AsyncHTTPClient.HTTPClient
    ) async throws -> HTTPResponse {
        var outgoing = HTTPClientRequest(url: request.url.absoluteString)
        outgoing.method = HTTPMethod(rawValue: request.method)
        for (name, value) in request.headers { outgoing.headers.add(name: name, value: value) }
        if let body = request.body { outgoing.body = .bytes(ByteBuffer(bytes: body)) }
        let response = try await client.execute(outgoing, timeout: .milliseconds(Int64(limits.totalTimeout * 1000)))
        if let declared = response.headers.first(name: "content-length").flatMap(Int.init),
            declared > limits.maxResponseBytes
        {
            throw HTTPTransportError.responseTooLarge(limit: limits.maxResponseBytes)
        }
        let body = try await response.body.collect(upTo: limits.maxResponseBytes)
        // Repeated fields are joined as one, the way HTTP allows.
        var headers: [String: String] = [:]
        for (name, value) in response.headers {
            headers[name.lowercased()] = headers[name.lowercased()].map { $0 + ", " + value } ?? value
        }
        return HTTPResponse(status: Int(response.status.code), headers: headers, body: Data(body.readableBytesView))
    }

    /// `operation`, cut off at the attempt's total time: AsyncHTTPClient's own deadline ends
    /// when the response head arrives, and a server trickling its body would hold the attempt for ever.
    static func within(
        _ limits: HTTPLimits, _ operation: @escaping @Sendable () async throws -> HTTPResponse
    ) async throws -> HTTPResponse {
        try await withThrowingTaskGroup(of: HTTPResponse?.self) { group in
            group.addTask { try await operation() }
            group.addTask {
                try await Task.sleep(for: .seconds(limits.totalTimeout))
                return nil
            }
            defer { group.cancelAll() }
            guard let first = try await group.next(), let response = first else {
                throw HTTPTransportError.tooSlow(seconds: Int(limits.totalTimeout.rounded(.up)))
            }
            return response
        }
    }

    /// The transport's own error for what AsyncHTTPClient or SwiftNIO threw.
    static func classify(_ error: any Error, limits: HTTPLimits) -> HTTPTransportError {
        if let error = error as? HTTPTransportError { return error }
        if error is NIOTooManyBytesError { return .responseTooLarge(limit: limits.maxResponseBytes) }
        if let error = error as? HTTPClientError {
            switch error {
            case .readTimeout, .connectTimeout, .socksHandshakeTimeout, .tlsHandshakeTimeout: return .timedOut
            case .deadlineExceeded: return .tooSlow(seconds: Int(limits.totalTimeout.rounded(.up)))
            default: break
            }
        }
        return .connectionFailed(String(describing: error))
    }
}
