import CoffeeEntity
import Foundation

/// Orders with readable ids and times, for repository tests.
enum Fixtures {
    static func order(
        _ number: Int, customer: String = "Ada", coffee: String = "Latte", size: Size = .medium,
        status: OrderStatus = .placed, at seconds: Double? = nil
    ) -> Order {
        let uuid = UUID(uuidString: String(format: "%08x-0000-4000-8000-000000000000", number)) ?? UUID()
        let date = Date(timeIntervalSince1970: seconds ?? 1_700_000_000 + Double(number))
        let cents = Menu.standard.items.first { $0.name == coffee }?.prices[size] ?? 0
        return Order(
            id: .init(uuid), customer: customer, coffee: coffee, size: size, totalCents: cents, status: status,
            createdAt: date, updatedAt: date)
    }
}
