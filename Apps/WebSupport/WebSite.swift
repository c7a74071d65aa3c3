import Core
import Hummingbird
import Plot

/// An app's site: its name, its navigation and its own stylesheets, what every page of it shares,
/// and the answers every app gives the same way (a failure page, a redirect after a form).
public struct WebSite: Sendable {
    /// The site's name, in every page's header and document title.
    public let name: String
    /// The links every page shows.
    public let navigation: [WebPage.Link]
    /// The app's own stylesheets (`WebAssets.Stylesheet` paths), linked after the shared one.
    public let stylesheets: [String]

    public init(name: String, navigation: [WebPage.Link], stylesheets: [String] = []) {
        self.name = name
        self.navigation = navigation
        self.stylesheets = stylesheets
    }

    /// A page of the site titled `title`, at `path` (its navigation link is marked current).
    public func page(_ title: String, path: String = "", _ body: [Node<HTML.BodyContext>]) -> WebPage {
        WebPage(title: title, site: name, navigation: navigation, path: path, body: body, stylesheets: stylesheets)
    }

    /// The page that says what went wrong: `line` in an alert, under the site's name.
    public func failure(_ line: String) -> WebPage {
        page(name, [.p(.class("error"), .attribute(named: "role", value: "alert"), .plainText(line))])
    }

    /// The failure page for `error` in the app's words, with the status the JSON API gives its kind
    /// (`WebPage.status(for:)`): the one rule, so storage trouble is 503 on every app's pages.
    public func failure(_ error: any Error, words: (any Error) -> String) -> Response {
        failure(words(error)).response(status: WebPage.status(for: error))
    }

    /// `303 See Other` to `path`, after a form post: the browser then GETs the page, so reloading it does not post again.
    public static func seeOther(_ path: String) -> Response {
        Response(status: .seeOther, headers: [.location: path])
    }

    /// `line` as a sentence for a page: capitalised, with a full stop (a terminal's lines have neither).
    public static func sentence(_ line: String) -> String {
        let capitalised = line.prefix(1).uppercased() + line.dropFirst()
        return capitalised.hasSuffix(".") ? capitalised : capitalised + "."
    }
}
