import Core
import Hummingbird

/// Turns every error a route throws into a problem response (`ErrorBody`), unknown routes included.
///
/// `APIError` keeps its status; a feature's `DomainError` is worded by the feature server's
/// `describe` (it knows which field each case is about); storage and unexpected errors get
/// generic words; Hummingbird's own `HTTPError` (no such route) keeps its status.
public struct JSONErrorMiddleware<Context: RequestContext>: RouterMiddleware {
    private let describe: @Sendable (any DomainError) -> APIError?

    /// Creates the middleware; `describe` words the feature's own errors (`nil` for the generic words).
    public init(describe: @escaping @Sendable (any DomainError) -> APIError? = { _ in nil }) {
        self.describe = describe
    }

    /// Runs the route and converts what it throws.
    public func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response)
        async throws -> Response
    {
        do {
            return try await next(request, context)
        } catch {
            return JSONMessages.response(for: apiError(error, request: request))
        }
    }

    /// The `APIError` an error is answered with.
    public func apiError(_ error: any Error, request: Request) -> APIError {
        switch error {
        case let error as APIError:
            return error
        case let error as any DomainError:
            return describe(error) ?? Self.generic(error)
        case let error as HTTPError where error.status == .notFound:
            return APIError(
                .notFound, .notFound,
                "there is no \(request.method) \(APIError.cut(request.uri.path)); see the API routes in the docs")
        case let error as any HTTPResponseError where error.status == .contentTooLarge:
            return APIError(.contentTooLarge, .usage, "the request body is too large; send a smaller one")
        case let error as HTTPError:
            return APIError(
                error.status, error.status.code < 500 ? .usage : .internal, error.body ?? error.status.reasonPhrase,
                headers: error.headers)
        case let error as any HTTPResponseError:
            // Another library's error with a status (NIO's, Hummingbird's): its status, never its type's text.
            return APIError(
                error.status, error.status.code < 500 ? .usage : .internal, error.status.reasonPhrase)
        default:
            return APIError(.internalServerError, .internal, "unexpected server error")
        }
    }

    /// Words for errors no feature words itself.
    static func generic(_ error: any DomainError) -> APIError {
        switch error {
        case let error as StorageError:
            return StorageProblem.apiError(error)
        case is UnexpectedError:
            return APIError(.internal, "unexpected server error")
        default:
            return APIError(error.kind, "the request failed (\(error.kind.rawValue))")
        }
    }
}

/// Storage trouble as an HTTP problem, the same for every server.
public enum StorageProblem {
    /// How long a client should wait before retrying a request the database could not serve (`Retry-After`).
    public static let retryAfter = 1

    /// Storage trouble in the server's words, by its cause: never the storage engine's or a library's
    /// own text (it may name tables, values or library types). A cause a retry may cure carries `Retry-After`.
    public static func apiError(_ error: StorageError) -> APIError {
        let message: String =
            switch error.cause {
            case .busy: "the database is busy"
            case .unavailable: "the database does not answer"
            case .damaged: "the database is damaged; the server refuses to use it until it is restored"
            case .newerVersion: "the database was written by a newer version of this server"
            case .notOurs, .constraint: "the database's tables are not the ones this server writes"
            case .missing, .needsUpgrade, .passwordRequired, .tlsUnsupported, .tlsRequired, .certificateRejected,
                .failed:
                "the database failed"
            }
        // A cause that no retry can cure (damage, another version's tables) is not told to retry.
        guard error.isTransient || error.cause == .failed else {
            return APIError(.serviceUnavailable, .storage, message)
        }
        return APIError(
            .serviceUnavailable, .storage, message + "; retry in \(retryAfter) s",
            headers: [.retryAfter: String(retryAfter)])
    }
}
