import Core
import Hummingbird
import NIOHTTP1

/// The words of the problems `ConnectionGuard` answers on the connection itself, before any
/// route: requests the HTTP/1 parser refuses, and requests that arrive too slowly.
enum HTTPProblems {
    /// The header limits the parser enforces (Hummingbird's defaults, which `HTTPServerRunner` keeps).
    static let maxHeaderBytes = 80 * 1024
    static let maxHeaderFields = 1000

    /// 431 for headers too large or too many; 400, saying which part is malformed, for the rest.
    static func parserError(_ error: HTTPParserError) -> APIError {
        switch error {
        case .headerOverflow:
            return APIError(
                .requestHeaderFieldsTooLarge, .usage,
                "the request's headers are too large: at most \(maxHeaderBytes / 1024) KiB in all, and "
                    + "\(maxHeaderFields) header fields; send fewer or smaller headers",
                code: "headersTooLarge")
        case .invalidHeaderToken, .invalidCharactersUsed, .lfExpected:
            return APIError(
                .badRequest, .usage,
                "a header has a character HTTP does not allow (a control character such as NUL, or a space in a "
                    + "name); send header names as tokens and values as visible ASCII",
                code: "malformedHeader")
        case .invalidMethod, .invalidURL, .invalidVersion, .invalidConstant, .invalidPath, .invalidQueryString,
            .invalidFragment, .invalidHost, .invalidPort:
            return APIError(
                .badRequest, .usage,
                "the request line is not HTTP: send METHOD /path HTTP/1.1, such as GET /menu HTTP/1.1",
                code: "malformedRequestLine")
        case .invalidContentLength, .unexpectedContentLength, .invalidChunkSize:
            return APIError(
                .badRequest, .usage,
                "the request's body framing is broken (Content-Length or chunk sizes); send a body of the length it declares",
                code: "malformedBody")
        default:
            return APIError(
                .badRequest, .usage, "the request is not valid HTTP/1.1; check how it is written",
                code: "malformedRequest")
        }
    }

    /// 408 for a head not complete within the header timeout.
    static func headerTimeout(_ limit: Duration) -> APIError {
        APIError(
            .requestTimeout, .usage,
            "the request's headers did not arrive within \(seconds(limit)) s of its first byte; send the whole head at once",
            code: "headerTimeout")
    }

    /// 408 for a body arriving slower than the body timeout and minimum rate allow.
    static func bodyTimeout(received bytes: Int, _ timeouts: ConnectionTimeouts) -> APIError {
        APIError(
            .requestTimeout, .usage,
            "the request's body arrived too slowly (\(bytes) bytes in time); a body gets "
                + "\(seconds(timeouts.body ?? .zero)) s plus 1 s for every \(timeouts.bodyMinRate) bytes",
            code: "bodyTimeout")
    }

    private static func seconds(_ duration: Duration) -> String {
        let milliseconds = HTTPServerRunner.nanoseconds(duration) / 1_000_000
        return milliseconds % 1000 == 0 ? "\(milliseconds / 1000)" : "\(Double(milliseconds) / 1000)"
    }
}
