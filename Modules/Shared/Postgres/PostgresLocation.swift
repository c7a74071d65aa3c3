import Foundation
import PostgresNIO

/// Where a PostgreSQL database is, read from a `postgres://` URL as libpq reads one.
///
/// `postgres://user:password@host:port/database?sslmode=MODE&sslrootcert=FILE`, or a socket
/// folder as `postgres://user@/database?host=/run/postgresql`. Missing parts take libpq's
/// defaults (port 5432, database named like the user, `sslmode=prefer`). `redacted` is the only form that is
/// ever shown: the password never reaches a log line or an error message.
public struct PostgresLocation: Sendable, Equatable {
    /// How the connection is made: a TCP host and port, or a Unix socket in a folder.
    public enum Endpoint: Sendable, Equatable {
        case tcp(host: String, port: Int)
        case socket(folder: String, port: Int)
    }

    /// TLS as libpq's `sslmode` names it.
    ///
    /// As in libpq, `prefer` and `require` encrypt without checking the server's certificate (a
    /// self-signed one, as Debian's default server has, is accepted); `verify-ca` checks that a
    /// trusted authority signed it, `verify-full` also that it names the host.
    public enum TLSMode: String, Sendable, Equatable {
        case disable, prefer, require
        case verifyCA = "verify-ca"
        case verifyFull = "verify-full"
    }

    public let endpoint: Endpoint
    public let user: String
    public let password: String?
    public let database: String
    public let tls: TLSMode
    /// The certificates of the authorities `verify-ca` and `verify-full` trust (`sslrootcert`, a PEM
    /// file); `nil` trusts the system's.
    public let rootCertificates: String?

    /// The location `text` names, or `nil` when it is not a `postgres://` or `postgresql://` URL
    /// with a user, a database and a host (or a socket folder), or has an `sslmode` libpq lacks.
    public init?(_ text: String) {
        guard let components = URLComponents(string: text),
            let scheme = components.scheme?.lowercased(), ["postgres", "postgresql"].contains(scheme)
        else { return nil }
        let query = Dictionary(
            (components.queryItems ?? []).map { ($0.name, $0.value ?? "") }, uniquingKeysWith: { _, last in last })
        guard let tls = TLSMode(rawValue: query["sslmode"] ?? "prefer") else { return nil }
        let port = components.port ?? 5432
        guard (1...65_535).contains(port) else { return nil }
        let host = components.percentEncodedHost.flatMap { $0.removingPercentEncoding } ?? ""
        if !host.isEmpty {
            endpoint = .tcp(host: host, port: port)
        } else if let folder = query["host"], folder.hasPrefix("/") {
            endpoint = .socket(folder: folder, port: port)
        } else {
            return nil
        }
        guard let user = components.user, !user.isEmpty else { return nil }
        self.user = user
        password = components.password
        let path = components.path.hasPrefix("/") ? String(components.path.dropFirst()) : components.path
        database = path.isEmpty ? user : path
        self.tls = tls
        rootCertificates = query["sslrootcert"].flatMap { $0.isEmpty || $0 == "system" ? nil : $0 }
    }

    /// The URL with the password left out, safe for logs and error messages.
    public var redacted: String {
        switch endpoint {
        case .tcp(let host, let port):
            let shownHost = host.contains(":") ? "[\(host)]" : host
            return "postgres://\(user)@\(shownHost):\(port)/\(database)"
        case .socket(let folder, let port):
            return "postgres://\(user)@/\(database)?host=\(folder)&port=\(port)"
        }
    }

    /// Redacts a text that was meant to be a URL: everything between `://` and `@` is dropped.
    ///
    /// For messages about text that did not parse: it may still hold a password.
    public static func redacting(_ text: String) -> String {
        guard let scheme = text.range(of: "://"), let at = text[scheme.upperBound...].lastIndex(of: "@") else {
            return text
        }
        let userInfo = text[scheme.upperBound..<at]
        let user = userInfo.split(separator: ":", maxSplits: 1).first.map(String.init) ?? ""
        return String(text[..<scheme.upperBound]) + user + String(text[at...])
    }

    /// The client configuration for this location.
    var configuration: PostgresClient.Configuration {
        var configuration: PostgresClient.Configuration
        switch endpoint {
        case .tcp(let host, let port):
            let tlsSetting: PostgresClient.Configuration.TLS =
                switch tls {
                case .disable: .disable
                case .prefer: .prefer(tlsConfiguration)
                case .require, .verifyCA, .verifyFull: .require(tlsConfiguration)
                }
            configuration = .init(
                host: host, port: port, username: user, password: password, database: database, tls: tlsSetting)
        case .socket(let folder, let port):
            configuration = .init(
                unixSocketPath: "\(folder)/.s.PGSQL.\(port)", username: user, password: password, database: database)
        }
        return configuration
    }

    /// The configuration of a single connection outside the pool (`PostgresStore.checkReachable()`).
    func connectionConfiguration() throws -> PostgresConnection.Configuration {
        switch endpoint {
        case .tcp(let host, let port):
            let tlsSetting: PostgresConnection.Configuration.TLS =
                switch tls {
                case .disable: .disable
                case .prefer: .prefer(try NIOSSLContext(configuration: tlsConfiguration))
                case .require, .verifyCA, .verifyFull: .require(try NIOSSLContext(configuration: tlsConfiguration))
                }
            return .init(
                host: host, port: port, username: user, password: password, database: database, tls: tlsSetting)
        case .socket(let folder, let port):
            return .init(
                unixSocketPath: "\(folder)/.s.PGSQL.\(port)", username: user, password: password, database: database)
        }
    }

    /// How the server's certificate is checked, by `sslmode` as libpq checks it.
    private var tlsConfiguration: TLSConfiguration {
        var configuration = TLSConfiguration.makeClientConfiguration()
        switch tls {
        case .disable, .prefer, .require: configuration.certificateVerification = .none
        case .verifyCA: configuration.certificateVerification = .noHostnameVerification
        case .verifyFull: configuration.certificateVerification = .fullVerification
        }
        if let rootCertificates { configuration.trustRoots = .file(rootCertificates) }
        return configuration
    }
}
