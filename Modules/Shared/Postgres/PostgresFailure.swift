import Core
import Foundation
import NIOSSL
import PostgresNIO

/// Turns postgres-nio's errors into `StorageError`: the server's own message, or what happened to the connection.
///
/// `PSQLError`'s description is deliberately vague (it may hold query text and values), and its
/// codes are the library's names, so the reason is built from the parts that are safe to show
/// and are ours to word: the server's message and SQLSTATE, the connection failure's system
/// error, or a cause the edge words (no password, no TLS, TLS required, a certificate refused).
enum PostgresFailure {
    static func storageError(
        _ error: PSQLError, operation: StorageError.Operation, location: PostgresLocation
    ) -> StorageError {
        let url = location.redacted
        if let info = error.serverInfo, let message = info[.message] {
            let state = info[.sqlState].map { " (SQLSTATE \($0))" } ?? ""
            // 28000: pg_hba.conf has no line for this connection. Without TLS, the usual reason is
            // that the server takes this host only over `hostssl` lines.
            if info[.sqlState] == "28000", location.tls == .disable {
                return StorageError(operation, path: url, reason: message + state, cause: .tlsRequired)
            }
            // 40001 serialization failure, 40P01 deadlock, 55P03 lock not available: retrying may succeed.
            let isBusy = ["40001", "40P01", "55P03"].contains(info[.sqlState] ?? "")
            return StorageError(operation, path: url, reason: message + state, isBusy: isBusy)
        }
        switch error.code {
        case .connectionError:
            return storageError(error.underlying ?? error, operation: operation, location: location)
        case .serverClosedConnection, .clientClosedConnection, .uncleanShutdown, .poolClosed, .queryCancelled:
            return StorageError(operation, path: url, reason: "the connection was closed", cause: .unavailable)
        case .authMechanismRequiresPassword:
            return StorageError(operation, path: url, reason: "a password is required", cause: .passwordRequired)
        case .sslUnsupported:
            return StorageError(operation, path: url, reason: "the server does not offer TLS", cause: .tlsUnsupported)
        case .unsupportedAuthMechanism, .saslError:
            return StorageError(
                operation, path: url, reason: "the server asks for a login method that is not supported")
        default:
            return StorageError(operation, path: url, reason: "the server's reply could not be read")
        }
    }

    /// The failure of any other error a call ends with: the connection, in a few words.
    static func storageError(
        _ error: any Error, operation: StorageError.Operation, location: PostgresLocation
    ) -> StorageError {
        let url = location.redacted
        if let error = error as? PSQLError, error.code != .connectionError {
            return storageError(error, operation: operation, location: location)
        }
        let underlying = (error as? PSQLError)?.underlying ?? error
        if let file = location.rootCertificates, underlying is NIOSSLError,
            !FileManager.default.isReadableFile(atPath: file)
        {
            return StorageError(
                operation, path: url, reason: "the sslrootcert file \(file) cannot be read", cause: .certificateRejected
            )
        }
        if let certificate = certificateProblem(underlying) {
            return StorageError(operation, path: url, reason: certificate, cause: .certificateRejected)
        }
        return StorageError(operation, path: url, reason: reason(underlying), cause: .unavailable)
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

    /// Why the TLS handshake refused the server's certificate, when that is what `error` is.
    private static func certificateProblem(_ error: any Error) -> String? {
        if let error = error as? NIOSSLExtraError, error == .failedToValidateHostname {
            return "the server's certificate does not name the host in the URL"
        }
        guard case NIOSSLError.handshakeFailed(.sslError(let stack)) = error,
            stack.contains(where: { "\($0)".contains("CERTIFICATE_VERIFY_FAILED") })
        else { return nil }
        return "the server's certificate is not signed by an authority this machine trusts"
    }

    private static func describe(_ error: any Error) -> String {
        switch error {
        case let error as IOError: String(cString: strerror(error.errnoCode)).lowercased()
        case let error as PSQLError where error.code == .sslUnsupported: "the server does not offer TLS"
        case let error as PSQLError where error.code == .authMechanismRequiresPassword: "a password is required"
        case is NIOSSLError: "the TLS handshake failed"
        default: "the connection failed"
        }
    }
}
