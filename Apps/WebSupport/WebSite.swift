import AppSupport
import Core
import HTTPServer
import Hummingbird
import Plot

/// An app's site: its name, its navigation, its own stylesheets and its words for errors, what
/// every page of it shares, and the answers every app gives the same way (a page of a presenter's
/// result, a failure page, a redirect after a form).
public struct WebSite: Sendable {
    /// The site's name, in every page's header and document title.
    public let name: String
    /// The links every page shows.
    public let navigation: [WebPage.Link]
    /// The app's own stylesheets (`WebAssets.Stylesheet` paths), linked after the shared one.
    public let stylesheets: [String]
    /// The app's words for an error on a page.
    public let words: WebWords

    public init(name: String, navigation: [WebPage.Link], stylesheets: [String] = [], words: @escaping WebWords) {
        self.name = name
        self.navigation = navigation
        self.stylesheets = stylesheets
        self.words = words
    }

    /// A page of the site titled `title`, at `path` (its navigation link is marked current).
    public func page(_ title: String, path: String = "", _ body: [Node<HTML.BodyContext>]) -> WebPage {
        WebPage(title: title, site: name, navigation: navigation, path: path, body: body, stylesheets: stylesheets)
    }

    /// The page `render` makes of the value `load` leaves in a new presenter (`value(presenter:load:)`),
    /// or the failure page of its error.
    @MainActor
    public func page<Presenter, Value>(
        presenter make: @autoclosure @MainActor () throws -> Presenter,
        load: @MainActor (Presenter) async -> ViewState<Value>,
        render: @MainActor (Value) -> WebPage
    ) async -> Response {
        do {
            return render(try await Self.value(presenter: try make(), load: load)).response()
        } catch {
            return failure(error)
        }
    }

    /// Makes a presenter of its own for one request, runs `load` on it, and returns the value it
    /// left, or throws its typed error: "make a presenter, run it, take the result", once.
    @MainActor
    public static func value<Presenter, Value>(
        presenter make: @autoclosure @MainActor () throws -> Presenter,
        load: @MainActor (Presenter) async -> ViewState<Value>
    ) async throws -> Value {
        let presenter = try make()
        return try await load(presenter).result()
    }

    /// The page that says what went wrong: `line` in an alert, under the site's name.
    public func failure(_ line: String) -> WebPage {
        page(name, [.p(.class("error"), .attribute(named: "role", value: "alert"), .plainText(line))])
    }

    /// The failure page for `error` in the site's words, with the status the JSON API gives its
    /// kind (`WebPage.status(for:)`): the one rule, so storage trouble is 503 on every app's pages.
    public func failure(_ error: any Error) -> Response {
        failure(line(for: error)).response(status: WebPage.status(for: error))
    }

    /// The site's words for `error` as one line: every message, in order.
    ///
    /// An error of the HTTP edge itself (a form body too large, an address that names nothing)
    /// has the edge's own words, as a sentence.
    public func line(for error: any Error) -> String {
        if let error = error as? APIError { return Self.sentence(error.message) }
        if let error = error as? any HTTPResponseError, !(error is any DomainError) {
            return Self.sentence(error.status.reasonPhrase)
        }
        return words(error).map(\.text).joined(separator: " ")
    }

    /// `router` as a group of pages: an error one of its routes throws (a form body too large, a
    /// missing parameter, a store that failed) is answered by this site's failure page, in HTML,
    /// never by the JSON API's problem.
    public func pages<Context: RequestContext>(_ router: some RouterMethods<Context>) -> RouterGroup<Context> {
        router.group().add(middleware: PageFailures(site: self))
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

/// Answers what a page route throws with its site's failure page.
struct PageFailures<Context: RequestContext>: RouterMiddleware {
    let site: WebSite

    func handle(
        _ request: Request, context: Context, next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        do {
            return try await next(request, context)
        } catch {
            return site.failure(error)
        }
    }
}
