import Core
import Foundation
import Hummingbird
import Logging
import ServiceLifecycle
import Synchronization

/// Runs a router as an HTTP/1.1 server until SIGINT or SIGTERM, then stops cleanly.
///
/// A graceful shutdown stops accepting connections and lets the requests under way finish,
/// so a response that was sent always belongs to work that was done. It has a time limit
/// (`shutdownGrace`): what is still running then (a request waiting on a database that does not
/// answer, a pool closing its connections) is cancelled, and the run ends.
public struct HTTPServerRunner: Sendable {
    /// How long a graceful shutdown may take before what still runs is cancelled: 10 s, twice
    /// a database call's deadline, and a third of the 30 s an orchestrator (Kubernetes, systemd's
    /// default is 90 s) waits before it kills the process.
    public static let shutdownGrace: Duration = .seconds(10)

    /// Where the server listens.
    public struct Address: Sendable, Equatable {
        /// The host or IP address, such as `127.0.0.1`.
        public var host: String
        /// The port; 0 asks the system for a free one.
        public var port: Int

        public init(host: String, port: Int) {
            self.host = host
            self.port = port
        }
    }

    /// Where to listen.
    public let address: Address
    /// Messages below this level are not logged (they go to standard error).
    public let logLevel: Logger.Level
    /// How long a connection may stay silent, take over a request's head and over its body
    /// (`ConnectionTimeouts`).
    public let timeouts: ConnectionTimeouts
    /// The names a proxy in front of the server serves it under, besides its own (`ServedHosts`).
    public let publicNames: [ServedHosts.PublicName]

    /// The names of the levels `init(address:quiet:logLevel:timeouts:)` takes, lowest first.
    public static var logLevelNames: [String] { Logger.Level.allCases.map(\.rawValue) }

    /// Creates a runner for `address`.
    ///
    /// - Parameters:
    ///   - quiet: log only critical errors (tests stop servers by cancelling them, which Hummingbird logs as errors).
    ///   - logLevel: the lowest level logged when not quiet; `warning` by default (`info` adds a line per request).
    ///   - timeouts: how long a connection may stay silent, and take over a request's head and body.
    ///   - publicNames: the names a proxy serves the server under; its own are always answered (`ServedHosts`).
    public init(
        address: Address, quiet: Bool = false, logLevel: Logger.Level = .warning,
        timeouts: ConnectionTimeouts = .standard, publicNames: [ServedHosts.PublicName] = []
    ) {
        self.address = address
        self.logLevel = quiet ? .critical : logLevel
        self.timeouts = timeouts
        self.publicNames = publicNames
    }

    /// Serves `router` until the process gets SIGINT or SIGTERM (or the task is cancelled).
    ///
    /// Every request passes the `RequestGuard` first (its host, where it comes from, the security
    /// headers on its answer), whatever the router holds.
    ///
    /// - Parameters:
    ///   - services: what the routes need running, such as a database's connection pool. They
    ///     start first and stop last: on SIGTERM the server finishes its requests before they stop.
    ///   - beforeStart: work the routes need done first (a database migrated); the port is not
    ///     opened until it returns, and its error ends the run.
    ///   - onListening: called once with the address actually bound (the real port when 0 was asked for).
    /// - Throws: `beforeStart`'s or a service's `DomainError` as it is; `ServerError.cannotListen`
    ///   when the address cannot be bound.
    public func run<Context: RequestContext>(
        _ router: Router<Context>, services: [any Service] = [],
        beforeStart: (@Sendable () async throws -> Void)? = nil,
        onListening: @escaping @Sendable (Address) -> Void
    ) async throws where Context: InitializableFromSource<ApplicationRequestContextSource> {
        var logger = Logger(label: "strata.http") { label in
            StreamLogHandler.standardError(label: label, metadataProvider: CurrentRequest.logMetadata)
        }
        logger.logLevel = logLevel
        let requested = address
        let timeouts = timeouts
        // Ids for the problems answered before any route (`ConnectionGuard`), unique to this server.
        let ids = RequestIDSource()
        let served = Flag()
        let hosts = ServedHosts(listeningOn: address.host, publicNames: publicNames)
        var app = Application(
            responder: GuardedResponder(
                inner: router.buildResponder(), guardrail: RequestGuard(hosts: hosts, ids: ids)),
            server: .http1(
                configuration: .init(
                    additionalChannelHandlers: [ConnectionGuard(timeouts: timeouts, ids: ids)],
                    idleTimeout: timeouts.idle.map { .nanoseconds(Self.nanoseconds($0)) })),
            configuration: .init(address: .hostname(address.host, port: address.port), serverName: nil),
            services: services,
            onServerRunning: { channel in
                served.value.store(true, ordering: .relaxed)
                // Before the first connection is accepted (Hummingbird awaits this first).
                let port = channel.localAddress?.port ?? requested.port
                hosts.bind(port: port)
                onListening(Address(host: requested.host, port: port))
            },
            logger: logger)
        if let beforeStart { app.beforeServerStarts(perform: beforeStart) }
        // Hummingbird's `runService`, with a limit on the graceful shutdown.
        var configuration = ServiceGroupConfiguration(
            services: [app], gracefulShutdownSignals: [.sigterm, .sigint], logger: logger)
        configuration.maximumGracefulShutdownDuration = Self.shutdownGrace
        do {
            try await ServiceGroup(configuration: configuration).run()
        } catch let error as any DomainError {
            throw error
        } catch  where served.value.load(ordering: .relaxed) && Self.errno(of: error) != EADDRINUSE {
            // Once serving, a run ends with an error only when the graceful shutdown took longer
            // than `shutdownGrace` and what still ran was cancelled.
            logger.warning(
                "stopped after \(Self.shutdownGrace) of graceful shutdown; requests still under way were cut")
        } catch  where Self.errno(of: error) == EADDRINUSE {
            throw ServerError.portInUse(host: address.host, port: address.port)
        } catch {
            throw ServerError.cannotListen(host: address.host, port: address.port, reason: String(describing: error))
        }
    }

    /// The system error number NIO's `IOError` carries, read without importing NIO (which this
    /// module does not depend on): `IOError` stores it as `error: .errno(code)`. The port-in-use
    /// test on the built binary fails should NIO change that.
    private static func errno(of error: any Error) -> Int32? {
        guard let stored = Mirror(reflecting: error).children.first(where: { $0.label == "error" })?.value else {
            return nil
        }
        return Mirror(reflecting: stored).children.first { $0.label == "errno" }?.value as? Int32
    }
}

/// Set once, read from another task: whether the server came to listen.
private final class Flag: Sendable {
    let value = Atomic<Bool>(false)
}

extension HTTPServerRunner {
    /// `duration` in whole nanoseconds (NIO's unit).
    static func nanoseconds(_ duration: Duration) -> Int64 {
        let (seconds, attoseconds) = duration.components
        return seconds * 1_000_000_000 + attoseconds / 1_000_000_000
    }
}

/// Why a server could not run; the app that started it words it (which flag picks another port).
public enum ServerError: DomainError, Equatable {
    /// The address could not be bound: the port is taken, or the host is not this machine's.
    case cannotListen(host: String, port: Int, reason: String)
    /// Another program already listens on the port.
    case portInUse(host: String, port: Int)

    /// Always `.usage`: the address came from the command line.
    public var kind: ErrorKind { .usage }
}
