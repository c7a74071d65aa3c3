import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// A page fetched from a test server: its status, address after redirects, headers and text.
public struct WebAnswer: Sendable {
    public let status: Int
    public let url: String
    public let headers: [String: String]
    public let body: String
}

/// GETs and form POSTs against a server on loopback, following redirects as a browser does.
public enum WebClient {
    /// GETs `url`.
    public static func get(_ url: String) async throws -> WebAnswer {
        try await send(URLRequest(url: try address(url)))
    }

    /// POSTs `fields` as a form to `url`; `origin` is the `Origin` header a browser would send, if any.
    public static func post(_ url: String, form fields: [(String, String)], origin: String? = nil) async throws
        -> WebAnswer
    {
        var request = URLRequest(url: try address(url))
        request.httpMethod = "POST"
        request.setValue("application/x-www-form-urlencoded", forHTTPHeaderField: "Content-Type")
        if let origin { request.setValue(origin, forHTTPHeaderField: "Origin") }
        var allowed = CharacterSet.alphanumerics
        allowed.insert(charactersIn: "-._~")
        request.httpBody = Data(
            fields.map { name, value in
                "\(name)=\(value.addingPercentEncoding(withAllowedCharacters: allowed) ?? value)"
            }.joined(separator: "&").utf8)
        return try await send(request)
    }

    private static func address(_ text: String) throws -> URL {
        guard let url = URL(string: text) else { throw URLError(.badURL) }
        return url
    }

    private static func send(_ request: URLRequest) async throws -> WebAnswer {
        var request = request
        request.timeoutInterval = 30
        let (data, response) = try await URLSession.shared.data(for: request)
        guard let http = response as? HTTPURLResponse else { throw URLError(.badServerResponse) }
        var headers: [String: String] = [:]
        for (name, value) in http.allHeaderFields {
            if let name = name as? String, let value = value as? String { headers[name.lowercased()] = value }
        }
        return WebAnswer(
            status: http.statusCode, url: http.url?.absoluteString ?? "", headers: headers,
            body: String(decoding: data, as: UTF8.self))
    }
}
