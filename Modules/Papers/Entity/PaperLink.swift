import Foundation

/// The one check a paper's link passes before any view shows it: only `http(s)` links to arXiv
/// or a DOI resolver leave the app.
///
/// A feed names a paper's abstract page and PDF itself; a crafted or damaged one could name a
/// `javascript:` URL, another site, or text that ends a Markdown link early. Paper keeps a link
/// that passes and falls back to arXiv's own address for one that does not, so the terminal,
/// Markdown, Atom and HTML views all show checked links.
public enum PaperLink {
    /// The hosts a link may lead to (and their subdomains): arXiv and the DOI resolvers.
    public static let hosts = ["arxiv.org", "doi.org", "dx.doi.org"]

    /// The characters a link may hold: RFC 3986's unreserved ones, `%` and the reserved ones
    /// arXiv's and DOI links use. Brackets, parentheses, quotes, `!` and `*` are left out: no
    /// arXiv address has them, and they are what ends a link early in Markdown or an attribute.
    private static let allowed = Set(
        "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~:/?#@$&+,;=%".unicodeScalars)

    /// `text` when it is an `http` or `https` URL to arXiv or a DOI resolver, with no user
    /// name, nothing outside the characters above and a port only if it is the scheme's; else `nil`.
    public static func checked(_ text: String) -> String? {
        guard !text.isEmpty, text.unicodeScalars.allSatisfy(allowed.contains),
            let components = URLComponents(string: text),
            let scheme = components.scheme?.lowercased(), scheme == "https" || scheme == "http",
            let host = components.host?.lowercased(),
            components.user == nil, components.password == nil,
            components.port == nil || components.port == (scheme == "https" ? 443 : 80),
            hosts.contains(where: { host == $0 || host.hasSuffix("." + $0) })
        else { return nil }
        return text
    }
}
