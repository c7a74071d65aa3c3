import Foundation
import HTTPServer
import Hummingbird

/// The fields of a submitted HTML form (`application/x-www-form-urlencoded`), by name.
public struct FormFields: Sendable, Equatable {
    /// Each field's value; the first wins when a name repeats.
    public let values: [String: String]

    /// The most bytes a form body may have: forms carry a few short fields.
    public static let bodyLimit = 16 * 1024

    /// The fields `values` names; none by default, as a form is before it is first sent.
    public init(_ values: [String: String] = [:]) {
        self.values = values
    }

    /// Reads `body` as `name=value&…`, `+` as a space and `%XX` decoded.
    public init(urlEncoded body: String) {
        var values: [String: String] = [:]
        for pair in body.split(separator: "&", omittingEmptySubsequences: true) {
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            let name = Self.decode(parts[0])
            let value = parts.count > 1 ? Self.decode(parts[1]) : ""
            if values[name] == nil { values[name] = value }
        }
        self.values = values
    }

    /// The form `request` carries.
    ///
    /// - Throws: `APIError` 413 for a body over `bodyLimit`.
    public init(_ request: Request) async throws {
        let bytes = try await JSONMessages.collect(request, limit: Self.bodyLimit)
        self.init(urlEncoded: String(decoding: bytes, as: UTF8.self))
    }

    /// The value of the field `name`, `""` when the form has none.
    public subscript(name: String) -> String { values[name] ?? "" }

    private static func decode(_ text: Substring) -> String {
        let spaced = text.replacingOccurrences(of: "+", with: " ")
        return spaced.removingPercentEncoding ?? spaced
    }
}
