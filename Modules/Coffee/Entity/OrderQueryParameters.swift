import Core
import Foundation

/// An `OrderQuery` as URL query parameters: how `GET /orders` is filtered, read and written in one place.
///
/// `status`, `customer`, `id` (a prefix), `from` and `before` (ISO 8601 times), `sort`, and a
/// page's `limit` (1 to `OrderQuery.largestPage`) and `after` (an `OrderCursor`).
public enum OrderQueryParameters {
    /// The parameters of `query`, leaving out what it does not filter on.
    public static func items(of query: OrderQuery) -> [URLQueryItem] {
        var items: [URLQueryItem] = []
        if let status = query.status { items.append(URLQueryItem(name: "status", value: status.rawValue)) }
        if let customer = query.customer { items.append(URLQueryItem(name: "customer", value: customer)) }
        if let prefix = query.idPrefix { items.append(URLQueryItem(name: "id", value: prefix)) }
        if let from = query.createdFrom { items.append(URLQueryItem(name: "from", value: Timestamp.format(from))) }
        if let before = query.createdBefore {
            items.append(URLQueryItem(name: "before", value: Timestamp.format(before)))
        }
        if query.sort != .time { items.append(URLQueryItem(name: "sort", value: query.sort.rawValue)) }
        if let after = query.after { items.append(URLQueryItem(name: "after", value: after.text)) }
        if let limit = query.limit { items.append(URLQueryItem(name: "limit", value: String(limit))) }
        return items
    }

    /// The query the parameters describe.
    ///
    /// - Throws: `CoffeeError` for an unknown status or sort, a malformed time or id prefix,
    ///   an unknown parameter, or a value with a control character (`%00`): every store answers
    ///   that alike, before any of them sees it (PostgreSQL cannot even take a NUL in text).
    public static func query(from parameters: [(name: String, value: String)]) throws -> OrderQuery {
        var query = OrderQuery()
        for (name, value) in parameters {
            if value.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) {
                throw CoffeeError.controlCharacter(parameter: name)
            }
            switch name {
            case "status": query.status = try OrderStatus(parsing: value)
            case "customer": query.customer = value
            case "id": query.idPrefix = try IDPrefix.validate(value)
            case "from": query.createdFrom = try time(value, name)
            case "before": query.createdBefore = try time(value, name)
            case "sort": query.sort = try OrderSort(parsing: value)
            case "after": query.after = try OrderCursor(parsing: value)
            case "limit": query.limit = try pageSize(value)
            default: throw CoffeeError.unknownParameter(name: name)
            }
        }
        return query
    }

    /// A page size as typed: a whole number from 1 to `OrderQuery.largestPage`.
    ///
    /// - Throws: `CoffeeError.notAPageSize`.
    public static func pageSize(_ text: String) throws -> Int {
        guard let size = Int(text), (1...OrderQuery.largestPage).contains(size) else {
            throw CoffeeError.notAPageSize(text: text, maximum: OrderQuery.largestPage)
        }
        return size
    }

    private static func time(_ value: String, _ name: String) throws -> Date {
        guard let date = Timestamp.parse(value) else { throw CoffeeError.notATime(text: value, parameter: name) }
        return date
    }
}

/// The rule for an id or id prefix typed by a person: hex digits and dashes, up to a full UUID.
public enum IDPrefix {
    /// The prefix in lower case.
    ///
    /// - Throws: `CoffeeError.notAnOrderID` for anything that cannot start an order id.
    public static func validate(_ text: String) throws -> String {
        let prefix = text.trimmingCharacters(in: .whitespaces).lowercased()
        guard !prefix.isEmpty, prefix.count <= 36, prefix.allSatisfy({ $0.isHexDigit || $0 == "-" }) else {
            throw CoffeeError.notAnOrderID(text: text)
        }
        return prefix
    }

    /// The order id `text` spells in full (36 characters), or `nil` for a prefix or anything else.
    public static func fullID(_ text: String) -> Order.ID? {
        guard text.count == 36, let uuid = UUID(uuidString: text) else { return nil }
        return Order.ID(uuid)
    }
}
