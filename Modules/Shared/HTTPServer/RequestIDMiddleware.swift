import Foundation
import Hummingbird
import Logging

/// Gives every request an id: the client's `X-Request-ID` when it is safe, else a new UUID.
///
/// The id is echoed in the response's `X-Request-ID`, and it is in the metadata (`request_id`)
/// of the request context's logger, so every line logged for the request carries it. One line at
/// `info` per finished request (method, path, status) lets an operator follow a request with `--log-level info`.
///
/// A client's id is kept when it has 1 to `maxLength` characters among `A-Z a-z 0-9 - _ . : /`;
/// anything else (too long, spaces, control characters, quotes) is replaced, so a log line cannot be forged.
public struct RequestIDMiddleware<Context: RequestContext>: RouterMiddleware {
    /// The header that carries the id both ways.
    public static var header: HTTPFields.Element.Name { HTTPFields.Element.Name("X-Request-ID") ?? .via }
    /// The longest client id kept.
    public static var maxLength: Int { 128 }

    public init() {}

    /// Runs the request with the id in its logger's metadata, and puts the id on the response.
    public func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response)
        async throws -> Response
    {
        let id = Self.id(from: request.headers[Self.header])
        var context = context
        context.logger[metadataKey: "request_id"] = .string(id)
        do {
            var response = try await next(request, context)
            response.headers[Self.header] = id
            context.logger.info(
                "request finished",
                metadata: [
                    "method": .string(request.method.rawValue), "path": .string(request.uri.path),
                    "status": .stringConvertible(response.status.code),
                ])
            return response
        } catch {
            // An error no middleware turned into a response: Hummingbird answers it; log it with the id.
            context.logger.warning(
                "request failed",
                metadata: [
                    "method": .string(request.method.rawValue), "path": .string(request.uri.path),
                    "error": .string(String(describing: error)),
                ])
            throw error
        }
    }

    /// `candidate` when it is a safe id, else a new UUID.
    public static func id(from candidate: String?) -> String {
        guard let candidate, isSafe(candidate) else { return UUID().uuidString.lowercased() }
        return candidate
    }

    /// Whether `candidate` may be kept as an id (and written to a log line) as it is.
    public static func isSafe(_ candidate: String) -> Bool {
        (1...maxLength).contains(candidate.utf8.count)
            && candidate.utf8.allSatisfy { byte in
                switch byte {
                case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
                    UInt8(ascii: "0")...UInt8(ascii: "9"):
                    true
                case UInt8(ascii: "-"), UInt8(ascii: "_"), UInt8(ascii: "."), UInt8(ascii: ":"), UInt8(ascii: "/"): true
                default: false
                }
            }
    }
}
