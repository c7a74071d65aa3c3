import CoffeeEntity
import Foundation
import TerminalUI
import Testing
import WebSupport

@testable import CoffeeApp
@testable import CoffeePresenter

/// One view data rendered for the terminal and for a browser: the same facts in both.
@Suite("coffee's text and HTML views")
struct GoldenViewTests {
    static let rows = [
        OrderRowViewData(
            id: "3f2a9c1e-0000-4000-8000-000000000001", shortID: "3f2a9c1e", customer: "Ada", coffee: "Latte",
            size: .large, status: .placed, total: "$5.00", totalCents: 500, placed: "2026-03-14 09:26",
            placedAt: "2026-03-14T09:26:00Z"),
        OrderRowViewData(
            id: "77b0e5d2-0000-4000-8000-000000000002", shortID: "77b0e5d2",
            customer: #""><img src=x onerror=alert(1)> & Tom"#, coffee: "Flat White", size: .small,
            status: .ready, total: "$4.25", totalCents: 425, placed: "2026-03-14 09:31",
            placedAt: "2026-03-14T09:31:00Z"),
    ]
    static let list = OrderListViewData(orders: rows, count: 2, total: "$9.25", next: nil)

    @Test("the order list as text and the board as HTML show the same orders with the same fields")
    func sameFacts() throws {
        let terminal = TerminalEnvironment(stdoutIsTTY: false, stderrIsTTY: false, columns: 200)
        let text = Views.list(Self.list).text(terminal)
        let html = WebViews.boardRegion(Self.list, staff: nil).render()
        for row in Self.rows {
            let facts = [
                row.shortID, row.customer, row.coffee, row.size.rawValue, row.status.rawValue, row.total, row.placed,
            ]
            let line = try #require(text.split(separator: "\n").first { $0.contains(row.shortID) })
            for fact in facts { #expect(line.contains(fact), "text: \(fact)") }
            // On the board the status is the lane the card is in; every other fact is on the card.
            let card = try Self.card(of: row.id, in: html)
            for fact in facts where fact != row.status.rawValue { #expect(card.text.contains(fact), "HTML: \(fact)") }
            #expect(card.lane == "lane-\(row.status.rawValue)")
        }
        #expect(text.contains("2 orders, $9.25"))
        #expect(html.contains("2 open orders"))
        #expect(!html.contains("<img"), "a name is text in HTML as it is in the terminal")
    }

    @Test("the form shows each field's error beside it, in the web's words, with what was typed kept")
    func formErrors() {
        let menu = MenuViewData(items: [
            MenuRowViewData(coffee: "Latte", small: "$4.00", medium: "$4.50", large: "$5.00")
        ])
        var form = FormState(FormFields(["customer": #"a"b"#, "coffee": "Latte", "size": ""]))
        form.errors.add(WebWording.message(for: CoffeeError.missingSize).text, to: "size")
        let html = WebViews.orderForm(form, menu: menu).render()
        #expect(html.contains(#"<p class="error" id="size-error">Choose a size.</p>"#))
        #expect(html.contains(#"aria-invalid="true" aria-describedby="size-error" autofocus"#))
        #expect(html.contains(#"value="a&quot;b""#))
        #expect(html.contains(#"<option value="Latte" selected>Latte: $4.00, $4.50 or $5.00</option>"#))

        // Several errors: each beside its field, the focus on the first in the form's order.
        form.errors = FormErrors()
        for message in WebWording.messages(for: CoffeeError.invalidOrder(problems: [.emptyCustomer, .missingSize])) {
            form.errors.add(message.text, to: message.field ?? "")
        }
        let both = WebViews.orderForm(form, menu: menu).render()
        #expect(both.contains(#"<p class="error" id="customer-error">"#) && both.contains(#"id="size-error""#))
        #expect(both.components(separatedBy: "autofocus").count == 2)
        #expect(both.contains(#"aria-describedby="customer-error" autofocus"#))
        #expect(!html.contains("--size"), "no flag in a page's words")
    }

    @Test("each error a form shows names its field; none names a flag or a command")
    func webWording() {
        let errors: [(CoffeeError, String?)] = [
            (.emptyCustomer, "customer"), (.customerTooLong(length: 300, limit: 200), "customer"),
            (.customerNotOneLine, "customer"), (.missingCoffee, "coffee"),
            (.notOnMenu(coffee: "Tea", menu: ["Latte"]), "coffee"), (.missingSize, "size"),
            (.unknownSize(size: "huge"), "size"), (.unauthorized(reason: .invalid), "token"),
            (.unauthorized(reason: .missing), "token"), (.forbidden(role: .reports, allowed: [.staff]), "token"),
            (.orderIsFinal(order: "3f2a9c1e", status: .completed), nil),
        ]
        for (error, field) in errors {
            let message = WebWording.message(for: error)
            #expect(message.field == field, "\(error)")
            #expect(!message.text.contains("--") && !message.text.contains("`coffee"), "\(error): \(message.text)")
        }
    }

    /// The text of the board's card for `id`, markup removed and entities read, and the lane it is in.
    static func card(of id: String, in html: String) throws -> (text: String, lane: String) {
        let start = try #require(html.range(of: #"data-order="\#(id)""#))
        let end = try #require(html[start.upperBound...].range(of: "</article>"))
        let markup = html[start.upperBound..<end.lowerBound]
        let text = markup.replacingOccurrences(of: "<[^>]*>", with: " ", options: .regularExpression)
            .replacingOccurrences(of: "&lt;", with: "<").replacingOccurrences(of: "&gt;", with: ">")
            .replacingOccurrences(of: "&quot;", with: "\"").replacingOccurrences(of: "&amp;", with: "&")
        let before = html[..<start.lowerBound]
        let lane = try #require(before.ranges(of: #"<section class="lane "#).last)
        let name = html[lane.upperBound...].prefix { $0 != "\"" }
        return (text, String(name))
    }
}
