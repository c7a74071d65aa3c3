import AsyncHTTPClient
import Foundation

/// The proxy a request goes through, from the variables curl and most command-line tools read:
/// `https_proxy` for https URLs, `http_proxy` for http ones (lower case first, then upper), and
/// `no_proxy`, a comma-separated list of hosts and domain suffixes to reach directly (`*`: all).
struct ProxySettings: Sendable, Equatable {
    /// The proxy's URL for each scheme.
    var proxies: [String: URL] = [:]
    /// Hosts and domain suffixes reached directly.
    var direct: [String] = []

    /// The settings `environment` gives.
    init(environment: [String: String]) {
        for scheme in ["http", "https"] {
            let value = environment["\(scheme)_proxy"] ?? environment["\(scheme.uppercased())_PROXY"]
            guard let value, !value.isEmpty else { continue }
            // curl takes `host:port` as an http proxy too.
            proxies[scheme] = URL(string: value.contains("://") ? value : "http://" + value)
        }
        direct = (environment["no_proxy"] ?? environment["NO_PROXY"] ?? "")
            .split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces).lowercased() }
            .map { $0.hasPrefix(".") ? String($0.dropFirst()) : $0 }.filter { !$0.isEmpty }
    }

    /// The proxy for `url`, or nil to connect directly.
    func proxy(for url: URL) -> AsyncHTTPClient.HTTPClient.Configuration.Proxy? {
        guard let scheme = url.scheme?.lowercased(), let proxy = proxies[scheme], let proxyHost = proxy.host,
            let host = url.host?.lowercased()
        else { return nil }
        if direct.contains(where: { $0 == "*" || host == $0 || host.hasSuffix("." + $0) }) { return nil }
        let authorization = proxy.user.map {
            AsyncHTTPClient.HTTPClient.Authorization.basic(
                username: $0.removingPercentEncoding ?? $0,
                password: (proxy.password ?? "").removingPercentEncoding ?? "")
        }
        return .server(host: proxyHost, port: proxy.port ?? 80, authorization: authorization)
    }
}
