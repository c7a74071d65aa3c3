import Core
import Foundation
import Hummingbird

/// JSON in and out: bodies read with a size limit, values written with the right headers.
public enum JSONMessages {
    /// The largest request body the servers accept: 64 KiB.
    public static let defaultBodyLimit = 64 * 1024

    /// Reads the request body, at most `limit` bytes, and decodes it as `type`.
    ///
    /// - Throws: `APIError` 413 for a larger body, 400 for one that is not JSON or not the expected shape.
    public static func decode<Value: Decodable>(
        _ type: Value.Type, from request: Request, limit: Int = defaultBodyLimit
    ) async throws -> Value {
        if let declared = request.headers[.contentLength].flatMap(Int.init), declared > limit {
            throw tooLarge(limit)
        }
        let buffer: ByteBuffer
        do {
            buffer = try await request.body.collect(upTo: limit)
        } catch let error as HTTPError where error.status == .contentTooLarge {
            throw tooLarge(limit)
        }
        let data = Data(buffer.readableBytesView)
        guard (try? JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed])) != nil else {
            throw APIError(.badRequest, .badData("the request body is not valid JSON; send a JSON object"))
        }
        do {
            return try JSONDecoder().decode(Value.self, from: data)
        } catch {
            throw APIError(.badRequest, .badData("the request body is JSON but not the expected object: \(describe(error))"))
        }
    }

    /// A response carrying `value` as JSON.
    public static func response(_ value: some Encodable, status: HTTPResponse.Status = .ok) throws -> Response {
        let encoder = JSONEncoder()
        // Sorted keys: the same value is always the same bytes, which scripts and caches can rely on.
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return response(data: try encoder.encode(value), status: status)
    }

    /// A response carrying already encoded JSON.
    public static func response(data: Data, status: HTTPResponse.Status = .ok) -> Response {
        var buffer = ByteBuffer()
        buffer.writeBytes(data)
        buffer.writeString("\n")
        return Response(
            status: status,
            headers: [.contentType: "application/json; charset=utf-8"],
            body: ResponseBody(byteBuffer: buffer))
    }

    /// The JSON error response for `error`.
    public static func response(for error: APIError) -> Response {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        let data = (try? encoder.encode(ErrorBody(error.error))) ?? Data(#"{"error":{"kind":"internal","message":"error"}}"#.utf8)
        return response(data: data, status: error.status)
    }

    private static func tooLarge(_ limit: Int) -> APIError {
        APIError(.contentTooLarge, .usage("the request body is larger than \(limit / 1024) KiB; send a smaller one"))
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
