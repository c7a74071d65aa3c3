import Core
import Foundation

/// Where a page of orders ended: the sort key of its last order, from which the next page starts.
///
/// A position, not an order: the next page starts after it even when that order was deleted or
/// moved meanwhile, and no order is listed twice or skipped (keyset paging, as Stripe's
/// `starting_after` and GitHub's `Link: rel="next"`). Its text is
/// `<placed, ms since 1970>_<total in cents>_<id>`, which every sort can start from.
public struct OrderCursor: Sendable, Hashable {
    /// When the last order was placed (whole milliseconds).
    public let createdAt: Date
    /// The last order's total.
    public let totalCents: Int
    /// The last order's id, in lower case.
    public let idString: String

    /// The cursor that continues after `order`.
    public init(after order: Order) {
        createdAt = order.createdAt
        totalCents = order.totalCents
        idString = order.idString
    }

    /// Reads a cursor's text, as `text` writes it.
    ///
    /// - Throws: `CoffeeError.notACursor` for anything else.
    public init(parsing text: String) throws {
        let parts = text.split(separator: "_", omittingEmptySubsequences: false)
        guard parts.count == 3, let milliseconds = Int64(parts[0]), let cents = Int(parts[1]),
            let id = IDPrefix.fullID(String(parts[2]))
        else { throw CoffeeError.notACursor(text: text) }
        createdAt = Date(millisecondsSince1970: milliseconds)
        totalCents = cents
        idString = id.rawValue.uuidString.lowercased()
    }

    /// The cursor as a query parameter's value.
    public var text: String { "\(createdAt.millisecondsSince1970)_\(totalCents)_\(idString)" }
}
