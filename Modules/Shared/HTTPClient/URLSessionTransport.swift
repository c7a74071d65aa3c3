import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The live transport: one URLSession data task per request, with a body cap enforced while the
/// bytes arrive, a deadline for the whole answer, and redirects handed back to `HTTPClient`.
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
        // Let go off this task: invalidating waits for URLSession's queue, which a flood keeps busy.
        defer { DispatchQueue.global().async { session.finishTasksAndInvalidate() } }
        // URLSession on Linux does not enforce `timeoutIntervalForResource`: a server sending a
        // byte now and then would hold the attempt for ever, so the deadline is kept here, on a
        // Dispatch timer: a task could wait behind whatever else holds the cooperative threads.
        let deadline = DispatchWorkItem {
            collector.fail(.tooSlow(seconds: Int(limits.totalTimeout.rounded(.up))))
            session.invalidateAndCancel()
        }
        DispatchQueue.global().asyncAfter(deadline: .now() + limits.totalTimeout, execute: deadline)
        defer { deadline.cancel() }
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                if collector.start(continuation) { session.dataTask(with: urlRequest).resume() }
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

    /// Keeps `continuation` for the answer; false, with the continuation resumed, when the attempt already failed.
    func start(_ continuation: CheckedContinuation<HTTPResponse, any Error>) -> Bool {
        let failed = lock.withLock {
            if failure == nil { self.continuation = continuation }
            return failure
        }
        if let failed { continuation.resume(throwing: failed) }
        return failed == nil
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
            // Past the limit nothing more is kept, whatever URLSession still delivers.
            guard failure == nil else { return false }
            guard body.count + data.count <= limit else {
                body = Data()
                return true
            }
            body.append(data)
            return false
        }
        if overLimit {
            fail(.responseTooLarge(limit: limit))
            // Cancelling waits for URLSession's queue; on the delegate queue that would hold back
            // the chunks still arriving, each kept in memory until delivered.
            DispatchQueue.global().async { dataTask.cancel() }
        }
    }

    /// A redirect is not followed here: the client follows it, in its turn and with its checks.
    func urlSession(
        _ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse,
        newRequest request: URLRequest, completionHandler: @escaping (URLRequest?) -> Void
    ) {
        completionHandler(nil)
    }

    /// Ends the attempt with `error` at once, unless it has already ended otherwise.
    ///
    /// The caller is answered here rather than when the task completes: URLSession on Linux
    /// lands a cancel only once libcurl's queue is idle, which a server flooding a fast link
    /// never lets happen, so waiting for completion would read the whole flood.
    func fail(_ error: HTTPTransportError) {
        let continuation = lock.withLock {
            () -> CheckedContinuation<HTTPResponse, any Error>? in
            guard failure == nil else { return nil }
            failure = error
            defer { self.continuation = nil }
            return self.continuation
        }
        continuation?.resume(throwing: error)
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
