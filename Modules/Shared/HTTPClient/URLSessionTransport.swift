import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The live transport: one URLSession data task per request, with a body cap enforced while the bytes arrive.
final class URLSessionTransport: Sendable {
    func send(_ request: HTTPRequest, limits: HTTPLimits) async throws -> HTTPResponse {
        var urlRequest = URLRequest(url: request.url, timeoutInterval: limits.idleTimeout)
        urlRequest.httpMethod = request.method
        urlRequest.httpBody = request.body
        for (name, value) in request.headers { urlRequest.setValue(value, forHTTPHeaderField: name) }

        let configuration = URLSessionConfiguration.ephemeral
        configuration.timeoutIntervalForRequest = limits.idleTimeout
        configuration.timeoutIntervalForResource = limits.totalTimeout
        configuration.urlCache = nil
        configuration.httpCookieStorage = nil

        let collector = ResponseCollector(limit: limits.maxResponseBytes)
        let session = URLSession(configuration: configuration, delegate: collector, delegateQueue: nil)
        defer { session.finishTasksAndInvalidate() }
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                collector.start(continuation)
                session.dataTask(with: urlRequest).resume()
            }
        } onCancel: {
            session.invalidateAndCancel()
        }
    }
}

/// Gathers one task's response and resumes the caller exactly once.
private final class ResponseCollector: NSObject, URLSessionDataDelegate, @unchecked Sendable {
    // Guarded by `lock`: URLSession calls the delegate on its own queue.
    private let lock = NSLock()
    private let limit: Int
    private var body = Data()
    private var response: HTTPURLResponse?
    private var continuation: CheckedContinuation<HTTPResponse, any Error>?
    private var failure: HTTPTransportError?

    init(limit: Int) { self.limit = limit }

    func start(_ continuation: CheckedContinuation<HTTPResponse, any Error>) {
        lock.withLock { self.continuation = continuation }
    }

    func urlSession(
        _ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
        completionHandler: @escaping (URLSession.ResponseDisposition) -> Void
    ) {
        let declared = response.expectedContentLength
        lock.withLock {
            self.response = response as? HTTPURLResponse
            if declared > limit { failure = .responseTooLarge(limit: limit) }
        }
        completionHandler(declared > limit ? .cancel : .allow)
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        let overLimit = lock.withLock {
            body.append(data)
            if body.count > limit { failure = .responseTooLarge(limit: limit) }
            return body.count > limit
        }
        if overLimit { dataTask.cancel() }
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
        let (continuation, result) = lock.withLock {
            () -> (CheckedContinuation<HTTPResponse, any Error>?, Result<HTTPResponse, any Error>) in
            defer { self.continuation = nil }
            if let failure { return (self.continuation, .failure(failure)) }
            if let error { return (self.continuation, .failure(Self.classify(error))) }
            guard let response else {
                return (self.continuation, .failure(HTTPTransportError.connectionFailed("no HTTP response")))
            }
            var headers: [String: String] = [:]
            for (name, value) in response.allHeaderFields {
                headers[String(describing: name)] = String(describing: value)
            }
            return (
                self.continuation, .success(HTTPResponse(status: response.statusCode, headers: headers, body: body))
            )
        }
        continuation?.resume(with: result)
    }

    private static func classify(_ error: any Error) -> HTTPTransportError {
        let nsError = error as NSError
        if nsError.domain == NSURLErrorDomain, nsError.code == NSURLErrorTimedOut { return .timedOut }
        return .connectionFailed(nsError.localizedDescription)
    }
}
