import Hummingbird

/// The headers every answer carries, pages, API and errors alike, so none is read as something else.
///
/// - `Content-Security-Policy`: scripts, styles, images, connections (`EventSource`) and form
///   targets from this origin only, no inline script or style, no plugins, never in a frame;
/// - `X-Content-Type-Options: nosniff`: a response is read as the type it says it is (a 404
///   problem quoting the path is never run as a page);
/// - `X-Frame-Options: DENY`: `frame-ancestors 'none'` for browsers without CSP level 2;
/// - `Referrer-Policy: same-origin`: no page address leaks to another site.
public enum SecurityHeaders {
    /// The policy every response carries unless its route set its own.
    public static var contentSecurityPolicy: String {
        "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self'; "
            + "form-action 'self'; frame-ancestors 'none'; base-uri 'none'; object-src 'none'"
    }

    /// Sets the security headers on `headers`, keeping a policy the route set itself.
    public static func add(to headers: inout HTTPFields) {
        if headers[.contentSecurityPolicy] == nil { headers[.contentSecurityPolicy] = contentSecurityPolicy }
        headers[.xContentTypeOptions] = "nosniff"
        if let name = FieldNames.frameOptions { headers[name] = "DENY" }
        if let name = FieldNames.referrerPolicy { headers[name] = "same-origin" }
    }
}

/// Header names HTTPTypes does not declare (each parses, being a token; optional only by the API's type).
enum FieldNames {
    static let frameOptions = HTTPFields.Element.Name("X-Frame-Options")
    static let referrerPolicy = HTTPFields.Element.Name("Referrer-Policy")
    static let fetchSite = HTTPFields.Element.Name("Sec-Fetch-Site")
    /// `Host` lines after the first (HTTPTypes moves the first to the request's authority and
    /// marks the name unavailable, to be read there).
    static let host = HTTPFields.Element.Name("Host")
}
