import AppSupport
import CoffeeEntity
import CoffeeFactory
import CoffeePresenter
import Core
import Foundation
import Hummingbird
import WebSupport

/// `coffee serve`'s web pages, beside the JSON API on the same server: the order board (live),
/// the add-order form, the menu, and the staff's sign-in and actions.
///
/// | route | does |
/// |---|---|
/// | `GET /` | the board: open orders, updated live through `GET /board/events` |
/// | `GET /board/events` | Server-Sent Events: the board's orders again after every change, from any process (at most `maxStreams` open; 503 past it) |
/// | `GET /order`, `POST /order` | the add-order form; a placed order goes to the board (303) |
/// | `GET /coffees` | the menu |
/// | `GET /staff`, `POST /staff` | sign in with a staff token: an HttpOnly, SameSite=Strict session cookie |
/// | `POST /staff/sign-out` | signs out |
/// | `POST /staff/orders/{id}` `action=advance\|cancel` | moves an order along or cancels it (signed in) |
///
/// The pages render the presenters' view data, as `Views` does for the terminal. The session
/// cookie holds the staff token itself, checked on every request like an API bearer token, so a
/// revoked token signs its sessions out at their next request, on every server of a shared database.
struct CoffeePages: WebRoutes {
    static let boardPath = "/"
    static let boardEventsPath = "/board/events"
    static let orderPath = "/order"
    static let menuPath = "/coffees"
    static let staffPath = "/staff"
    static let signOutPath = "/staff/sign-out"
    static func staffOrderPath(_ id: String) -> String { "/staff/orders/\(id)" }
    /// The cookie that carries a signed-in staff member's token.
    static let sessionCookie = "coffee_staff"

    let feature: CoffeeFeature
    /// The board as a signed-out visitor sees it, kept while no order changed anywhere.
    private let boardCache = RevisionCache<String>(capacity: 4)
    /// The board's event streams: each change rendered once for all visitors (and once per staff session).
    private let liveBoard: LiveBroadcast<Int64?>
    /// Seals the notice a redirect carries to the board.
    private let seal = NoticeSeal()

    init(feature: CoffeeFeature, maxStreams: Int = LiveStreams.defaultLimit) {
        self.feature = feature
        liveBoard = LiveBroadcast(limit: maxStreams) { try await feature.revision() }
    }

    func addRoutes<Context: RequestContext>(to router: some RouterMethods<Context>) {
        let router = WebViews.site.pages(router)
        router.get(RouterPath(Self.boardPath)) { request, _ in try await board(request) }
        router.get(RouterPath(Self.boardEventsPath)) { request, _ in await boardEvents(request) }
        router.get(RouterPath(Self.orderPath)) { _, _ in try await orderForm(FormState(), status: .ok) }
        router.post(RouterPath(Self.orderPath)) { request, _ in try await placeOrder(request) }
        router.get(RouterPath(Self.menuPath)) { _, _ in
            await WebViews.site.page(
                presenter: feature.makeOrdersPresenter(), load: Self.menu, render: WebViews.menu)
        }
        router.get(RouterPath(Self.staffPath)) { request, _ in try await staffPage(request) }
        WebStyle.stylesheet.addRoutes(to: router)
        router.post(RouterPath(Self.staffPath)) { request, _ in try await signIn(request) }
        router.post(RouterPath(Self.signOutPath)) { _, _ in
            var response = WebSite.seeOther(Self.staffPath + "?signed-out=1")
            response.setCookie(Self.clearedSession)
            return response
        }
        router.post("/staff/orders/:id") { request, context in
            try await staffAction(request, id: try context.parameters.require("id"))
        }
    }

    // MARK: - The board

    private func board(_ request: Request) async throws -> Response {
        let session = await staffSession(request)
        let notice = await notice(request)
        if session.holder == nil, notice == nil, !session.revoked {
            // The common case, and the benchmarked one: a visitor's board, kept per revision.
            let revision = try await feature.revision()
            let html = try await boardCache.value(for: "board", revision: revision) {
                WebViews.board(try await openOrders(), staff: nil, notice: nil).render()
            }
            return WebPage.response(html: html)
        }
        let page = WebViews.board(
            try await openOrders(), staff: session.holder, notice: notice ?? session.revokedNotice)
        return session.applying(to: page.response())
    }

    private func boardEvents(_ request: Request) async -> Response {
        // Visitors all see one board: one rendering per change for all of them. A staff session's
        // board has its buttons, and is checked again for every update: a revoked token loses them.
        let secret = request.cookies[Self.sessionCookie]?.value ?? ""
        return await liveBoard.response(audience: secret) {
            let staff = secret.isEmpty ? nil : await staffSession(request).holder
            let region = WebViews.boardRegion(try await openOrders(), staff: staff)
            return ServerSentEvent(name: "update", data: region.render())
        }
    }

    private func openOrders() async throws -> OrderListViewData {
        try await orders {
            await $0.loadOpenOrders()
            return $0.orders
        }
    }

    /// The line the board shows after a redirect this server wrote (`sealedBoard`): the order just placed or moved.
    private func notice(_ request: Request) async -> String? {
        let query = request.uri.queryParameters
        for (key, words) in [("placed", "placed"), ("changed", "is now")] {
            guard let id = query[Substring(key)].map(String.init) else { continue }
            guard let proof = query["seal"].map(String.init), seal.verifies(proof, kind: key, id: id),
                IDPrefix.fullID(id) != nil
            else { return nil }
            guard
                let detail = try? await orders({
                    await $0.show(id)
                    return $0.order
                })
            else { return nil }
            let order = detail.order
            return key == "placed"
                ? "Order \(order.shortID) \(words) for \(order.customer): \(order.coffee), \(order.size.rawValue), \(order.total)."
                : "Order \(order.shortID) for \(order.customer) \(words) \(order.status.rawValue)."
        }
        return nil
    }

    /// The board's address with a notice of `kind` about the order `id`, sealed so only this redirect shows it.
    private func sealedBoard(_ kind: String, id: String) -> String {
        Self.boardPath + "?\(kind)=\(id)&seal=\(seal.seal(kind, id: id))"
    }

    // MARK: - Ordering

    private func orderForm(_ form: FormState, status: HTTPResponse.Status) async throws -> Response {
        let menu = try await orders(Self.menu)
        return WebViews.orderForm(form, menu: menu).response(status: status)
    }

    private func placeOrder(_ request: Request) async throws -> Response {
        var form = FormState(try await FormFields(request))
        do {
            let (customer, coffee, size) = (form["customer"], form["coffee"], form["size"])
            let placed = try await orders {
                await $0.place(name: customer, coffee: coffee, size: size)
                return $0.order
            }
            return WebSite.seeOther(sealedBoard("placed", id: placed.order.id))
        } catch {
            form.report(WebWording.messages(for: error))
            return try await orderForm(form, status: WebPage.status(for: error))
        }
    }

    // MARK: - Staff

    private func staffPage(_ request: Request) async throws -> Response {
        let session = await staffSession(request)
        let signedOut = request.uri.queryParameters["signed-out"] != nil ? "You are signed out." : nil
        let page = WebViews.staff(holder: session.holder, error: nil, notice: session.revokedNotice ?? signedOut)
        return session.applying(to: page.response())
    }

    private func signIn(_ request: Request) async throws -> Response {
        let secret = try await FormFields(request)["token"].trimmingCharacters(in: .whitespaces)
        do {
            let holder = try await identify(secret)
            guard holder.role == .staff else {
                throw CoffeeError.forbidden(role: holder.role, allowed: [.staff])
            }
            var response = WebSite.seeOther(Self.boardPath)
            guard let cookie = Self.session(secret) else { throw CoffeeError.unauthorized(reason: .invalid) }
            response.setCookie(cookie)
            return response
        } catch {
            let message = WebWording.message(for: error)
            let status: HTTPResponse.Status = message.field == nil ? .serviceUnavailable : .unauthorized
            return WebViews.staff(holder: nil, error: message.text, notice: nil).response(status: status)
        }
    }

    private func staffAction(_ request: Request, id: String) async throws -> Response {
        let session = await staffSession(request)
        guard session.holder != nil else {
            let target = Self.staffPath + (session.revoked ? "?revoked=1" : "")
            return session.applying(to: WebSite.seeOther(target))
        }
        let action = try await FormFields(request)["action"]
        do {
            let changed = try await orders { presenter in
                if action == "cancel" { await presenter.cancel(id) } else { await presenter.advance(id) }
                return presenter.order
            }
            // Back to the order's next button (when it has one), not to the top of the board.
            return WebSite.seeOther(
                sealedBoard("changed", id: changed.order.id) + "#" + WebViews.nextButtonID(changed.order.id))
        } catch {
            let message = WebWording.message(for: error)
            let page = WebViews.board(try await openOrders(), staff: session.holder, notice: message.text)
            return page.response(status: WebPage.status(for: error))
        }
    }

    /// Who the request's session cookie belongs to: a staff member, nobody, or a token revoked since.
    private func staffSession(_ request: Request) async -> StaffSession {
        guard let secret = request.cookies[Self.sessionCookie]?.value, !secret.isEmpty else {
            return StaffSession(holder: nil, revoked: request.uri.queryParameters["revoked"] != nil)
        }
        do {
            let holder = try await identify(secret)
            return StaffSession(holder: holder.role == .staff ? holder : nil, revoked: holder.role != .staff)
        } catch CoffeeError.unauthorized {
            return StaffSession(holder: nil, revoked: true)
        } catch {
            // The store did not answer: not signed in for this request, and the cookie stays.
            return StaffSession(holder: nil, revoked: false)
        }
    }

    private func identify(_ secret: String) async throws -> TokenRowViewData {
        try await WebSite.value(presenter: feature.makeTokensPresenter()) {
            await $0.identify(secret)
            return $0.holder
        }
    }

    /// The session cookie for `secret`: sent back only to this site, never to scripts.
    static func session(_ secret: String) -> Cookie? {
        try? Cookie.validated(name: sessionCookie, value: secret, path: "/", httpOnly: true, sameSite: .strict)
    }

    /// The cookie that ends a session.
    static var clearedSession: Cookie {
        Cookie(name: sessionCookie, value: "", maxAge: 0, path: "/", httpOnly: true, sameSite: .strict)
    }

    // MARK: - Presenters

    /// What `load` leaves in a new orders presenter of this request, or its typed error.
    @MainActor
    private func orders<Value>(_ load: @MainActor (OrdersPresenter) async -> ViewState<Value>) async throws -> Value {
        try await WebSite.value(presenter: feature.makeOrdersPresenter(), load: load)
    }

    /// Loads the menu into `presenter`.
    @MainActor
    private static func menu(_ presenter: OrdersPresenter) async -> ViewState<MenuViewData> {
        await presenter.loadMenu()
        return presenter.menu
    }
}

/// A request's staff session: who is signed in, or whether a token that was signed in is revoked.
struct StaffSession {
    let holder: TokenRowViewData?
    let revoked: Bool

    var revokedNotice: String? {
        revoked ? "Your staff token was revoked, so you are signed out. Sign in with a new token." : nil
    }

    /// `response`, clearing the cookie when its token no longer signs anyone in.
    func applying(to response: Response) -> Response {
        guard revoked else { return response }
        var response = response
        response.setCookie(CoffeePages.clearedSession)
        return response
    }
}
