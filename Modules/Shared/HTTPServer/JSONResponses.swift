import Core
import Foundation
import Hummingbird

/// JSON in and out: bodies read with a size limit, values written with the right headers.
public enum JSONMessages {
    /// The largest request body the servers accept: 64 KiB.
    public static let defaultBodyLimit = 64 * 1024

    /// Reads the request body, at most `limit` bytes, and decodes it as `type`.
    ///
    /// - Throws: `APIError` 415 for a body not declared JSON, 413 for a larger body, 400 for one
    ///   that is not JSON or not the expected shape.
    public static func decode<Value: Decodable>(
        _ type: Value.Type, from request: Request, limit: Int = defaultBodyLimit
    ) async throws -> Value {
        try decode(type, from: try await collectJSON(request, limit: limit))
    }

    /// Reads a body that must be declared JSON (`application/json`, or a `+json` type), at most `limit` bytes.
    ///
    /// A page of another site can send `text/plain`, a form's types and no others without asking
    /// the server first (a CORS preflight, which this server never grants); requiring the JSON type
    /// keeps every such request away from the API.
    ///
    /// - Throws: `APIError` 415 for another or no content type, 413 for a larger body.
    public static func collectJSON(_ request: Request, limit: Int = defaultBodyLimit) async throws -> Data {
        guard isJSON(request.headers[.contentType]) else {
            throw APIError(
                .unsupportedMediaType, .usage,
                "the request body must be JSON, sent with Content-Type: application/json",
                code: "unsupportedMediaType")
        }
        return try await collect(request, limit: limit)
    }

    /// Whether `contentType` names JSON: `application/json` or `application/<name>+json`, with any parameters.
    static func isJSON(_ contentType: String?) -> Bool {
        guard let contentType else { return false }
        let type =
            contentType.split(separator: ";", maxSplits: 1).first?
            .trimmingCharacters(in: .whitespaces).lowercased() ?? ""
        return type == "application/json" || (type.hasPrefix("application/") && type.hasSuffix("+json"))
    }

    /// Reads the request body, at most `limit` bytes, for a handler that needs its bytes (a fingerprint) as well.
    ///
    /// - Throws: `APIError` 413 for a larger body.
    public static func collect(_ request: Request, limit: Int = defaultBodyLimit) async throws -> Data {
        if let declared = request.headers[.contentLength].flatMap(Int.init), declared > limit {
            throw tooLarge(limit)
        }
        let buffer: ByteBuffer
        do {
            buffer = try await request.body.collect(upTo: limit)
        } catch let error as any HTTPResponseError where error.status == .contentTooLarge {
            // A body without Content-Length (chunked) is only found too large while it is read:
            // NIO throws its own NIOTooManyBytesError then, not Hummingbird's HTTPError.
            throw tooLarge(limit)
        }
        return Data(buffer.readableBytesView)
    }

    /// Decodes a request body read with `collect`.
    ///
    /// - Throws: `APIError` 400 for a body that is not JSON or not the expected shape.
    public static func decode<Value: Decodable>(_ type: Value.Type, from data: Data) throws -> Value {
        guard (try? JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed])) != nil else {
            throw APIError(.badRequest, .badData, "the request body is not valid JSON; send a JSON object")
        }
        do {
            return try JSONDecoder().decode(Value.self, from: data)
        } catch {
            throw APIError(
                .badRequest, .badData, "the request body is JSON but not the expected object: \(describe(error))",
                field: field(error))
        }
    }

    /// A response carrying `value` as JSON.
    public static func response(_ value: some Encodable, status: HTTPResponse.Status = .ok) throws -> Response {
        response(buffer: try body(value), status: status)
    }

    /// `value` as a JSON body: sorted keys, so the same value is always the same bytes; one trailing newline.
    public static func body(_ value: some Encodable) throws -> ByteBuffer {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return buffer(try encoder.encode(value))
    }

    /// A response carrying an encoded JSON body.
    public static func response(buffer: ByteBuffer, status: HTTPResponse.Status = .ok) -> Response {
        Response(
            status: status,
            headers: [.contentType: "application/json; charset=utf-8"],
            body: ResponseBody(byteBuffer: buffer))
    }

    private static func buffer(_ data: Data) -> ByteBuffer {
        var buffer = ByteBuffer()
        buffer.reserveCapacity(data.count + 1)
        buffer.writeBytes(data)
        buffer.writeString("\n")
        return buffer
    }

    /// The media type of every error body (RFC 9457).
    public static let problemContentType = "application/problem+json"

    /// The problem response for `error` (`application/problem+json`, `ErrorBody`), with its headers.
    public static func response(for error: APIError) -> Response {
        let data = problemBytes(error)
        var headers = error.headers
        headers[.contentType] = problemContentType
        return Response(status: error.status, headers: headers, body: ResponseBody(byteBuffer: buffer(data)))
    }

    /// The body of the problem for `error`: `ErrorBody` as JSON.
    static func problemBytes(_ error: APIError) -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return (try? encoder.encode(ErrorBody(error)))
            ?? Data(#"{"status":500,"title":"Internal Server Error","type":"about:blank"}"#.utf8)
    }

    private static func tooLarge(_ limit: Int) -> APIError {
        APIError(.contentTooLarge, .usage, "the request body is larger than \(limit / 1024) KiB; send a smaller one")
    }

    /// The field a decoding error is about, when it names one.
    private static func field(_ error: any Error) -> String? {
        let path: [any CodingKey]? =
            switch error {
            case DecodingError.keyNotFound(let key, let context): context.codingPath + [key]
            case DecodingError.typeMismatch(_, let context), DecodingError.valueNotFound(_, let context),
                DecodingError.dataCorrupted(let context):
                context.codingPath
            default: nil
            }
        guard let path, !path.isEmpty else { return nil }
        return path.map(\.stringValue).joined(separator: ".")
    }

    /// A decoding error in one line: which field, and what was wrong with it.
    private static func describe(_ error: any Error) -> String {
        switch error {
        case DecodingError.keyNotFound(let key, _): "the field '\(key.stringValue)' is missing"
        case DecodingError.typeMismatch(_, let context), DecodingError.valueNotFound(_, let context):
            "the field '\(context.codingPath.map(\.stringValue).joined(separator: "."))' has the wrong type"
        case DecodingError.dataCorrupted(let context): context.debugDescription
        default: "\(error)"
        }
    }
}
