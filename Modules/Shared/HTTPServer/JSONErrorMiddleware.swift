import Core
import Hummingbird

/// Turns every error a route throws into a JSON error response, unknown routes included.
///
/// `APIError` keeps its status, a `DomainError` gets the status of its kind, Hummingbird's
/// own `HTTPError` (no such route, wrong method) keeps its status with a one-line message,
/// and anything else is a 500 that says it is a bug.
public struct JSONErrorMiddleware<Context: RequestContext>: RouterMiddleware {
    /// Creates the middleware.
    public init() {}

    /// Runs the route and converts what it throws.
    public func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        do {
            return try await next(request, context)
        } catch {
            return JSONMessages.response(for: Self.apiError(error, request: request))
        }
    }

    /// The `APIError` an error is answered with.
    public static func apiError(_ error: any Error, request: Request) -> APIError {
        switch error {
        case let error as APIError:
            return error
        case let error as DomainError:
            return APIError(error)
        case let error as HTTPError where error.status == .notFound:
            return APIError(.notFound, .notFound("there is no \(request.method) \(request.uri.path); see the API routes in the docs"))
        case let error as HTTPError where error.status == .contentTooLarge:
            return APIError(.contentTooLarge, .usage("the request body is too large; send a smaller one"))
        case let error as HTTPError:
            return APIError(error.status, DomainError(error.status.code < 500 ? .usage : .internal, error.body ?? error.status.reasonPhrase))
        default:
            return APIError(.internalServerError, DomainError(.internal, "unexpected server error: \(error)"))
        }
    }
}
