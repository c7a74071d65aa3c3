import CoffeeEntity
import CoffeePresenter
import Core
import Plot
import WebSupport

/// How each view data looks in a browser, beside `Views` (the terminal's): the same facts as HTML.
///
/// Everything a person typed goes in through `plainText` or `escaped`, so a customer's name is
/// always text. Pages are plain HTML forms that work without JavaScript; the board's live region
/// is refreshed by the shared script when the server streams a new rendering of it.
enum WebViews {
    /// The site: its name, the links every page shows, and its stylesheet.
    static let site = WebSite(
        name: "Strata Coffee",
        navigation: [
            .init("Board", path: CoffeePages.boardPath), .init("New order", path: CoffeePages.orderPath),
            .init("Menu", path: CoffeePages.menuPath), .init("Staff", path: CoffeePages.staffPath),
        ],
        stylesheets: [WebStyle.path], words: WebWording.messages(for:))

    // MARK: - The board

    /// The order board: the open orders, live; with a staff member's buttons when one is signed in.
    static func board(_ list: OrderListViewData, staff: TokenRowViewData?, notice: String?) -> WebPage {
        site.page(
            "Order board", path: CoffeePages.boardPath,
            [
                .unwrap(notice) { .p(.class("notice"), .attribute(named: "role", value: "status"), .plainText($0)) },
                .unwrap(staff) { holder in
                    .form(
                        .class("inline"), .method(.post), .action(CoffeePages.signOutPath),
                        .p(
                            .class("muted"), .plainText("Signed in as \(holder.name) (\(holder.role.rawValue)). "),
                            .button(.type(.submit), .class("secondary"), .text("Sign out"))))
                },
                // A screen reader hears what an update brings (a new order, a new status), not the whole board.
                .p(.id("board-news"), .class("visually-hidden"), .attribute(named: "role", value: "status")),
                .div(
                    .id("board"), .data(named: "live", value: CoffeePages.boardEventsPath),
                    .data(named: "live-announce", value: "board-news"), boardRegion(list, staff: staff)),
            ])
    }

    /// What the board's live region holds: rendered for the page and again for every update streamed to it.
    ///
    /// A lane per open status (placed, preparing, ready), each a list of order cards, oldest first.
    static func boardRegion(_ list: OrderListViewData, staff: TokenRowViewData?) -> Node<HTML.BodyContext> {
        let open = list.orders.filter { !$0.status.isFinal }
        guard !open.isEmpty else {
            return .p(
                .id("no-orders"), .text("No open orders. "), .a(.href(CoffeePages.orderPath), .text("Place one.")))
        }
        let noun = open.count == 1 ? "open order" : "open orders"
        let lanes = OrderStatus.allCases.filter { !$0.isFinal }
        return .group(
            .p(.class("muted"), .id("open-count"), .text("\(open.count) \(noun)")),
            .div(
                .class("lanes"), .id("orders"),
                .forEach(lanes) { status in lane(status, open.filter { $0.status == status }, staff: staff) }))
    }

    /// One lane: its heading with how many orders it holds, and their cards.
    private static func lane(
        _ status: OrderStatus, _ rows: [OrderRowViewData], staff: TokenRowViewData?
    ) -> Node<HTML.BodyContext> {
        let id = "lane-\(status.rawValue)"
        return .section(
            .class("lane \(id)"), .id(id), .attribute(named: "aria-labelledby", value: "\(id)-title"),
            .h2(.id("\(id)-title"), .text("\(laneTitle(status)) (\(rows.count))")),
            rows.isEmpty
                ? .p(.class("empty-lane"), .id("\(id)-empty"), .text("None"))
                : .ol(.forEach(rows) { row in .li(orderCard(row, staff: staff)) }))
    }

    /// One order's card: who, what, when it was placed (the shared script says how long ago), its buttons.
    private static func orderCard(_ row: OrderRowViewData, staff: TokenRowViewData?) -> Node<HTML.BodyContext> {
        .article(
            .class("order status-\(row.status.rawValue)"), .id("order-\(row.id)"), .escaped("data-order", row.id),
            .escaped("data-status", row.status.rawValue), .escaped("data-announce", announcement(row)),
            .escaped("aria-label", "Order \(row.shortID) for \(row.customer)"),
            .p(.class("customer"), .plainText(row.customer)),
            .p(.class("what"), .text("\(row.size.rawValue) \(row.coffee) · \(row.total)")),
            .p(
                .class("muted"), .element(named: "code", text: row.shortID), .text(" · placed "),
                .element(
                    named: "time",
                    nodes: [
                        .escaped("datetime", row.placedAt), .attribute(named: "data-waited"),
                        .text(row.placed),
                    ])),
            .if(staff != nil, staffActions(row)))
    }

    /// A lane's heading.
    static func laneTitle(_ status: OrderStatus) -> String {
        switch status {
        case .placed: "Placed"
        case .preparing: "Preparing"
        case .ready: "Ready to collect"
        case .completed: "Completed"
        case .cancelled: "Cancelled"
        }
    }

    /// A staff member's buttons for one order: the next step, and cancel while it is allowed.
    private static func staffActions(_ row: OrderRowViewData) -> Node<HTML.BodyContext> {
        let path = CoffeePages.staffOrderPath(row.id)
        return .div(
            .class("actions"),
            .unwrap(row.status.next) { next in
                .form(
                    .method(.post), .action(path),
                    .input(.type(.hidden), .name("action"), .value("advance")),
                    .button(
                        .type(.submit), .id(nextButtonID(row.id)),
                        .escaped("aria-label", "\(stepLabel(next)) \(row.shortID) for \(row.customer)"),
                        .text(stepLabel(next))))
            },
            .if(
                row.status.isCancellable,
                .form(
                    .method(.post), .action(path),
                    .input(.type(.hidden), .name("action"), .value("cancel")),
                    .button(
                        .type(.submit), .class("secondary"), .id("cancel-\(row.id)"),
                        .escaped("aria-label", "Cancel \(row.shortID) for \(row.customer)"), .text("Cancel"))))
        )
    }

    /// What a screen reader says when the order arrives on an open board or changes status.
    static func announcement(_ row: OrderRowViewData) -> String {
        "Order \(row.shortID) for \(row.customer), \(row.size.rawValue) \(row.coffee): \(row.status.rawValue)."
    }

    /// The id of the button that moves the order `id` to its next status; a staff action's redirect names it.
    static func nextButtonID(_ id: String) -> String { "next-\(id)" }

    /// What the button moving an order to `status` says.
    static func stepLabel(_ status: OrderStatus) -> String {
        switch status {
        case .preparing: "Start preparing"
        case .ready: "Mark ready"
        case .completed: "Mark delivered"
        case .placed, .cancelled: status.rawValue
        }
    }

    // MARK: - The add-order form

    static func orderForm(_ form: FormState, menu: MenuViewData) -> WebPage {
        site.page(
            "New order", path: CoffeePages.orderPath,
            [
                .unwrap(form.problem) {
                    .p(.class("error"), .attribute(named: "role", value: "alert"), .plainText($0))
                },
                .form(
                    .class("stacked"), .method(.post), .action(CoffeePages.orderPath), .novalidate(),
                    .field(
                        "customer", label: "Your name", error: form.errors["customer"],
                        .input(
                            .type(.text), .id("customer"), .name("customer"), .escaped("value", form["customer"]),
                            .attribute(named: "autocomplete", value: "name"),
                            .attribute(named: "maxlength", value: String(CustomerName.maxLength)), .required(true),
                            .invalid(form.errors["customer"]), .describedBy(form.errors["customer"], "customer"),
                            .focusIfFirst(form.errors, "customer"))),
                    choice(
                        "coffee", label: "Coffee", prompt: "Choose a coffee",
                        options: menu.items.map {
                            ($0.coffee, "\($0.coffee): \($0.small), \($0.medium) or \($0.large)")
                        },
                        chosen: form["coffee"], errors: form.errors),
                    choice(
                        "size", label: "Size (small, medium or large)", prompt: "Choose a size",
                        options: Size.allCases.map { ($0.rawValue, $0.rawValue) }, chosen: form["size"],
                        errors: form.errors),
                    .div(.button(.type(.submit), .text("Place order")))),
            ])
    }

    /// A labelled list of `options` (value and label) with a first, empty choice saying `prompt`, `chosen` selected.
    private static func choice(
        _ name: String, label: String, prompt: String, options: [(value: String, label: String)], chosen: String,
        errors: FormErrors
    ) -> Node<HTML.FormContext> {
        .field(
            name, label: label, error: errors[name],
            .select(
                .id(name), .attribute(named: "name", value: name), .invalid(errors[name], describing: name),
                .focusIfFirst(errors, name), option("", prompt, selected: chosen.isEmpty),
                .forEach(options) { option($0.value, $0.label, selected: $0.value == chosen) }))
    }

    private static func option(_ value: String, _ label: String, selected: Bool) -> Node<HTML.SelectContext> {
        .element(
            named: "option",
            nodes: [.escaped("value", value), .if(selected, .attribute(named: "selected")), .plainText(label)])
    }

    // MARK: - The menu

    static func menu(_ menu: MenuViewData) -> WebPage {
        site.page(
            "Menu", path: CoffeePages.menuPath,
            [
                .table(
                    .id("menu"),
                    .thead(
                        .tr(
                            .th(.text("Coffee")), .th(.class("number"), .text("Small")),
                            .th(.class("number"), .text("Medium")), .th(.class("number"), .text("Large")))),
                    .tbody(
                        .forEach(menu.items) { item in
                            .tr(
                                .td(.plainText(item.coffee)), .td(.class("number"), .text(item.small)),
                                .td(.class("number"), .text(item.medium)), .td(.class("number"), .text(item.large)))
                        })),
                .p(.a(.href(CoffeePages.orderPath), .text("Place an order"))),
            ])
    }

    // MARK: - Staff

    /// The sign-in form, with the token's error beside it; or who is signed in, with a sign-out button.
    static func staff(holder: TokenRowViewData?, error: String?, notice: String?) -> WebPage {
        site.page(
            "Staff", path: CoffeePages.staffPath,
            [
                .unwrap(notice) { .p(.class("notice"), .attribute(named: "role", value: "status"), .plainText($0)) },
                .unwrap(
                    holder,
                    { holder in
                        .form(
                            .class("stacked"), .method(.post), .action(CoffeePages.signOutPath),
                            .p(.plainText("Signed in as \(holder.name) (\(holder.role.rawValue)).")),
                            .p(.a(.href(CoffeePages.boardPath), .text("Go to the board"))),
                            .div(.button(.type(.submit), .class("secondary"), .text("Sign out"))))
                    },
                    else: .form(
                        .class("stacked"), .method(.post), .action(CoffeePages.staffPath), .novalidate(),
                        .p(.text("Sign in with a staff token to move orders along or cancel them.")),
                        .field(
                            "token", label: "Staff token", error: error,
                            .input(
                                .type(.password), .id("token"), .name("token"),
                                .attribute(named: "autocomplete", value: "current-password"), .required(true),
                                .invalid(error), .describedBy(error, "token"))),
                        .div(.button(.type(.submit), .text("Sign in"))))),
            ])
    }
}
