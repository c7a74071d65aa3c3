import Core
import Foundation
import HTTPServer
import Hummingbird
import Plot

/// A whole HTML page in the apps' one layout: a title, the site's navigation, and the body.
///
/// The document declares its language and a device-width viewport, links the one stylesheet
/// and the one script the app serves itself (`WebAssets`), and holds no inline script or
/// style, so the Content-Security-Policy (`SecurityHeaders`, which every answer carries) can forbid both.
public struct WebPage {
    /// A link in the site's navigation.
    public struct Link: Sendable, Equatable {
        /// What the link says.
        public let label: String
        /// Where it goes, a path on this server such as `/menu`.
        public let path: String

        public init(_ label: String, path: String) {
            self.label = label
            self.path = path
        }
    }

    /// The page's own title; the document's `<title>` is `title — site`.
    public let title: String
    /// The site's name, in the header and the document title.
    public let site: String
    /// The site's navigation, the current page's link marked for assistive technology.
    public let navigation: [Link]
    /// The path of the page, to mark its link as the current one.
    public let path: String
    /// What the page shows under its heading.
    public let body: [Node<HTML.BodyContext>]
    /// The app's own stylesheets (`WebAssets.Stylesheet`), linked after the shared one.
    public let stylesheets: [String]

    /// Creates a page titled `title` on `site`, at `path`, with `body` under an `<h1>` of the title.
    public init(
        title: String, site: String, navigation: [Link] = [], path: String = "", body: [Node<HTML.BodyContext>],
        stylesheets: [String] = []
    ) {
        self.title = title
        self.site = site
        self.navigation = navigation
        self.path = path
        self.body = body
        self.stylesheets = stylesheets
    }

    /// The document as HTML text.
    public func render() -> String {
        HTML(
            .lang(.english),
            .head(
                .meta(.charset(.utf8)),
                .element(named: "title", nodes: [.plainText("\(title) — \(site)")]),
                .meta(.name("viewport"), .content("width=device-width, initial-scale=1")),
                .link(.rel(.stylesheet), .href(WebAssets.stylesheetPath)),
                .forEach(stylesheets) { .link(.rel(.stylesheet), .escaped("href", $0)) },
                .script(.src(WebAssets.scriptPath), .attribute(named: "defer"))
            ),
            .body(
                .header(
                    .class("site"),
                    .p(.class("site-name"), .a(.href("/"), .plainText(site))),
                    .if(
                        !navigation.isEmpty,
                        .nav(
                            .ariaLabel("Main"),
                            .ul(
                                .forEach(navigation) { link in
                                    .li(
                                        .a(
                                            .escaped("href", link.path),
                                            .if(link.path == path, .attribute(named: "aria-current", value: "page")),
                                            .plainText(link.label)))
                                }
                            )
                        )
                    )
                ),
                .main(
                    .id("main"),
                    .h1(.plainText(title)),
                    .group(body)
                )
            )
        ).render()
    }

    /// The page as a `text/html` response with `status`.
    public func response(status: HTTPResponse.Status = .ok) -> Response {
        Self.response(html: render(), status: status)
    }

    /// The status of a page that shows `error`: the JSON API's for the error's kind (`APIError.status(for:)`),
    /// so a form with a broken rule answers 422 and storage trouble 503; an error of the HTTP edge
    /// (a body too large) keeps its own status; 500 for an error no layer typed.
    public static func status(for error: any Error) -> HTTPResponse.Status {
        switch (error as? ViewFailure)?.error ?? error {
        case let failure as any DomainError: APIError.status(for: failure.kind)
        case let failure as APIError: failure.status
        case let failure as any HTTPResponseError: failure.status
        default: APIError.status(for: .internal)
        }
    }

    /// `html` as a `text/html; charset=utf-8` response that no cache keeps (pages show live data).
    public static func response(html: String, status: HTTPResponse.Status = .ok) -> Response {
        Response(
            status: status,
            headers: [.contentType: "text/html; charset=utf-8", .cacheControl: "no-store"],
            body: .init(byteBuffer: ByteBuffer(string: html)))
    }
}
