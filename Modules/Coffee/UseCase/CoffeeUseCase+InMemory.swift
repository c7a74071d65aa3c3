import CoffeeEntity
import CoffeeRepository
import Core
import Foundation

extension CoffeeUseCase {
    /// The use cases on a private in-memory repository: for the tests of the layers above and throwaway runs.
    /// `tokens` are API tokens by the SHA-256 of each token.
    public static func inMemory(
        menu: Menu = .standard, orders: [Order] = [], tokens: [String: APIToken] = [:], clock: WallClock = .reference,
        ids: UUIDGenerator = .live, timeZone: TimeZone = .current
    ) -> CoffeeUseCase {
        let repository = InMemoryOrderRepository(menu: menu, orders: orders, tokens: tokens)
        return CoffeeUseCase(repository: repository, tokens: repository, clock: clock, ids: ids, timeZone: timeZone)
    }
}
