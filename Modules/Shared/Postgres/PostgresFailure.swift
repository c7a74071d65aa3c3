import Core
import Foundation
import PostgresNIO

/// Turns postgres-nio's errors into `StorageError`: the server's own message, or what happened to the connection.
///
/// `PSQLError`'s description is deliberately vague (it may hold query text and values), so the
/// reason is built from the parts that are safe to show: the server's message and SQLSTATE, or
/// the connection failure's code.
enum PostgresFailure {
    static func storageError(_ error: PSQLError, operation: StorageError.Operation, url: String) -> StorageError {
        if let info = error.serverInfo, let message = info[.message] {
            let state = info[.sqlState].map { " (SQLSTATE \($0))" } ?? ""
            // 40001 serialization failure, 40P01 deadlock, 55P03 lock not available: retrying may succeed.
            let isBusy = ["40001", "40P01", "55P03"].contains(info[.sqlState] ?? "")
            return StorageError(operation, path: url, reason: message + state, isBusy: isBusy)
        }
        switch error.code {
        case .connectionError, .serverClosedConnection, .clientClosedConnection, .uncleanShutdown, .poolClosed:
            return StorageError(.open, path: url, reason: error.underlying.map(reason) ?? "could not connect")
        default:
            return StorageError(operation, path: url, reason: "PostgreSQL client error \(error.code)")
        }
    }

    /// A connection failure in a few words, such as `could not connect: connection refused`.
    ///
    /// NIO's connection error lists every address tried with its errno; the first one says enough.
    static func reason(_ error: any Error) -> String {
        if let failure = error as? NIOConnectionError, let first = failure.connectionErrors.first {
            return "could not connect: " + describe(first.error)
        }
        return "could not connect: " + describe(error)
    }

    private static func describe(_ error: any Error) -> String {
        guard let error = error as? IOError else { return String(describing: error) }
        return String(cString: strerror(error.errnoCode)).lowercased()
    }
}
