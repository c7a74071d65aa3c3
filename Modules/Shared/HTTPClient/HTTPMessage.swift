import Foundation

/// An HTTP request: what the client sends.
public struct HTTPRequest: Sendable, Equatable {
    /// The method, such as `GET`.
    public var method: String
    /// The absolute URL.
    public var url: URL
    /// Header fields; names are matched without regard to case by servers.
    public var headers: [String: String]
    /// The body, if any.
    public var body: Data?

    public init(method: String = "GET", url: URL, headers: [String: String] = [:], body: Data? = nil) {
        self.method = method
        self.url = url
        self.headers = headers
        self.body = body
    }
}

/// An HTTP response: status, headers and the whole body.
public struct HTTPResponse: Sendable, Equatable {
    /// The status code, such as 200.
    public var status: Int
    /// Header fields, with lower-cased names.
    public var headers: [String: String]
    /// The body.
    public var body: Data

    /// Creates a response; header names are lower-cased.
    public init(status: Int, headers: [String: String] = [:], body: Data = Data()) {
        self.status = status
        self.headers = Dictionary(
            headers.map { ($0.key.lowercased(), $0.value) }, uniquingKeysWith: { _, last in last })
        self.body = body
    }

    /// A header's value, looked up without regard to case.
    public func header(_ name: String) -> String? { headers[name.lowercased()] }

    /// Whether the status is 2xx.
    public var isSuccess: Bool { (200..<300).contains(status) }
}
