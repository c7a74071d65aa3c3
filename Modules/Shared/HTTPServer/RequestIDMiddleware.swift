import Foundation
import Hummingbird
import Logging
import Synchronization

/// Gives every request an id: the client's `X-Request-ID` when it is safe, else a new UUID.
///
/// The id is echoed in the response's `X-Request-ID`, and every line logged while the request is
/// served carries it as `request_id` (through `CurrentRequest.logMetadata`, which the server's logger uses). One line at
/// `info` per finished request (method, path, status) lets an operator follow a request with `--log-level info`;
/// one at `debug` as each request starts shows, beside them, the requests still in flight.
///
/// A client's id is kept when it has 1 to `maxLength` characters among `A-Z a-z 0-9 - _ . : /`;
/// anything else (too long, spaces, control characters, quotes) is replaced, so a log line cannot be forged.
public struct RequestIDMiddleware<Context: RequestContext>: RouterMiddleware {
    /// The header that carries the id both ways.
    public static var header: HTTPFields.Element.Name { HTTPFields.Element.Name("X-Request-ID") ?? .via }
    /// The longest client id kept.
    public static var maxLength: Int { 128 }

    private let newIDs = RequestIDSource()

    public init() {}

    /// Runs the request with its id as the task's `CurrentRequest.id`, and puts the id on the response.
    public func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response)
        async throws -> Response
    {
        let id = id(from: request.headers[Self.header])
        // A task-local value, not logger metadata: setting metadata re-renders the logger's whole
        // metadata on every request, and the provider below only runs when a line is written.
        return try await CurrentRequest.$id.withValue(id) {
            context.logger.debug(
                "request started",
                metadata: ["method": .string(request.method.rawValue), "path": .string(request.uri.path)])
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
    }

    /// `candidate` when it is a safe id, else a new one (UUID-shaped, unique to this server).
    public func id(from candidate: String?) -> String {
        guard let candidate, Self.isSafe(candidate) else { return newIDs.next() }
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

/// The id of the request the current task serves, for log lines (`RequestIDMiddleware` sets it).
public enum CurrentRequest {
    /// The current request's id; `nil` outside a request.
    @TaskLocal public static var id: String?

    /// Adds `request_id` to every line logged while a request is served.
    public static let logMetadata = Logger.MetadataProvider {
        id.map { ["request_id": .string($0)] } ?? [:]
    }
}

/// New request ids, UUID-shaped (`8-4-4-4-12` hex digits): a random 64-bit prefix drawn once per
/// server, then a counter from a random start.
///
/// Unique within a server and, by the random prefix, across servers; made with no system call
/// and no lock, where `UUID()` asked the kernel for 16 random bytes on every request without an id.
final class RequestIDSource: Sendable {
    private let prefix = UInt64.random(in: .min ... .max)
    private let counter = Atomic(UInt64.random(in: .min ... .max))
    private static let digits = Array("0123456789abcdef".utf8)

    /// The next id.
    func next() -> String {
        let low = counter.wrappingAdd(1, ordering: .relaxed).newValue
        let dash = UInt8(ascii: "-")
        var text: [UInt8] = []
        text.reserveCapacity(36)
        for nibble in 0..<16 {
            if nibble == 8 || nibble == 12 { text.append(dash) }
            text.append(Self.digits[Int(prefix >> UInt64(60 - nibble * 4) & 0x0f)])
        }
        for nibble in 0..<16 {
            if nibble == 0 || nibble == 4 { text.append(dash) }
            text.append(Self.digits[Int(low >> UInt64(60 - nibble * 4) & 0x0f)])
        }
        return String(decoding: text, as: UTF8.self)
    }
}
