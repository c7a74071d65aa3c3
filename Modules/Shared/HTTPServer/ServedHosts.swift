import Synchronization

/// The host names a server answers to: the loopback names, the address it listens on, and the
/// names an operator adds for a proxy in front of it.
///
/// A page of another site can make its own name resolve to this machine (DNS rebinding); the
/// browser then sends that name in `Host` and treats the server as the attacker's origin. A
/// server that answers only its own names is out of that page's reach. Always served:
/// `127.0.0.1`, `localhost` and `[::1]`, and the address the server listens on; a server
/// listening on every address (`0.0.0.0`, `::`) also answers any IP address, which no other site
/// can take over. Each name is served on the port actually bound. A proxy's names (`public`)
/// may be `name` (any port), `name:port`, or `.name` (the name and every name under it).
///
/// A `Host` without a port is taken as any port: a browser always sends the port when it is not
/// the scheme's default, so only a client that is no browser page leaves it out. An `Origin` is
/// read exactly as a browser writes it: no port is the scheme's default.
public final class ServedHosts: Sendable {
    /// One name a proxy serves: `name`, `name:port` or `.name`.
    public struct PublicName: Sendable, Equatable {
        /// The host name, lower-cased, without a leading dot or a trailing one.
        public let host: String
        /// The port it is served on; `nil` for any.
        public let port: Int?
        /// Whether every name under `host` is served too (written `.name`).
        public let includesSubdomains: Bool

        /// Reads `text` (`name`, `name:port` or `.name`); `nil` when it is not a host name.
        public init?(_ text: String) {
            let lowered = text.lowercased()
            let subdomains = lowered.hasPrefix(".")
            guard let authority = Authority(String(lowered.dropFirst(subdomains ? 1 : 0))),
                !authority.host.isEmpty, !authority.host.hasPrefix(".")
            else { return nil }
            host = authority.host
            port = authority.port
            includesSubdomains = subdomains
        }

        func serves(_ name: String, port candidate: Int?, defaultPort: Int?) -> Bool {
            let nameMatches = name == host || (includesSubdomains && name.hasSuffix("." + host))
            guard nameMatches, let port else { return nameMatches }
            return (candidate ?? defaultPort) == port
        }
    }

    private let boundNames: Set<String>
    private let anyAddress: Bool
    private let publicNames: [PublicName]
    private let boundPort = Atomic<Int>(0)

    /// The names for a server listening on `host`, with `publicNames` served as well.
    public init(listeningOn host: String, publicNames: [PublicName] = []) {
        let listening = host.lowercased()
        anyAddress = listening == "0.0.0.0" || listening == "::" || listening == "[::]"
        let bracketed = listening.contains(":") && !listening.hasPrefix("[") ? "[\(listening)]" : listening
        boundNames = ["127.0.0.1", "localhost", "[::1]", Authority.trimmingDot(bracketed)]
        self.publicNames = publicNames
    }

    /// Records the port the server listens on (the runner calls it once bound, before any request is read).
    public func bind(port: Int) {
        boundPort.store(port, ordering: .relaxed)
    }

    /// Whether a request whose `Host` is `authority` is for this server.
    public func servesHost(_ authority: String) -> Bool {
        guard let parsed = Authority(authority.lowercased()) else { return false }
        return serves(parsed, defaultPort: nil)
    }

    /// Whether `origin` (a browser's `Origin`: `scheme://host[:port]`) is a page of this server.
    public func servesOrigin(_ origin: String) -> Bool {
        let lowered = origin.lowercased()
        for (scheme, defaultPort) in [("http://", 80), ("https://", 443)] where lowered.hasPrefix(scheme) {
            let rest = lowered.dropFirst(scheme.count)
            guard !rest.contains("/"), let parsed = Authority(String(rest)) else { return false }
            return serves(parsed, defaultPort: defaultPort)
        }
        return false
    }

    private func serves(_ authority: Authority, defaultPort: Int?) -> Bool {
        if boundNames.contains(authority.host) || (anyAddress && authority.isIPAddress) {
            guard let port = authority.port ?? defaultPort else { return true }
            return port == boundPort.load(ordering: .relaxed)
        }
        return publicNames.contains { $0.serves(authority.host, port: authority.port, defaultPort: defaultPort) }
    }
}

/// `host[:port]` as `Host` carries it: a name, an IPv4 address, or an IPv6 address in brackets.
struct Authority: Equatable {
    /// The host, lower-case as given, IPv6 in brackets, without a trailing dot.
    let host: String
    /// The port, when one is written.
    let port: Int?

    init?(_ text: String) {
        var hostPart = Substring(text)
        var portPart: Substring?
        if text.hasPrefix("[") {
            guard let close = text.firstIndex(of: "]") else { return nil }
            hostPart = text[...close]
            let after = text[text.index(after: close)...]
            guard after.isEmpty || after.hasPrefix(":") else { return nil }
            portPart = after.isEmpty ? nil : after.dropFirst()
        } else if let colon = text.lastIndex(of: ":") {
            hostPart = text[..<colon]
            portPart = text[text.index(after: colon)...]
        }
        let allowed = Set("abcdefghijklmnopqrstuvwxyz0123456789-.[]:")
        guard !hostPart.isEmpty, hostPart.allSatisfy(allowed.contains),
            hostPart.hasPrefix("[") || !hostPart.contains(":")
        else { return nil }
        if let portPart {
            guard (1...5).contains(portPart.count), portPart.allSatisfy(\.isASCII), let number = Int(portPart),
                (1...65_535).contains(number)
            else { return nil }
            port = number
        } else {
            port = nil
        }
        host = Self.trimmingDot(String(hostPart))
    }

    /// Whether the host is an IP address (IPv4 dotted digits, or IPv6 in brackets), never a name.
    var isIPAddress: Bool {
        if host.hasPrefix("[") { return true }
        let parts = host.split(separator: ".", omittingEmptySubsequences: false)
        return parts.count == 4 && parts.allSatisfy { part in UInt8(part) != nil && part.allSatisfy(\.isNumber) }
    }

    /// `name` without the one trailing dot a fully qualified name may carry (`localhost.` is `localhost`).
    static func trimmingDot(_ name: String) -> String {
        name.hasSuffix(".") && name.count > 1 ? String(name.dropLast()) : name
    }
}
