import CoffeeEntity
import CoffeeRepository
import Core
import Foundation

extension CoffeeUseCase {
    /// The use cases on a private in-memory repository: for the tests of the layers above and throwaway runs.
    public static func inMemory(
        menu: Menu = .standard, orders: [Order] = [], clock: WallClock = .live, ids: UUIDGenerator = .live,
        timeZone: TimeZone = .current
    ) -> CoffeeUseCase {
        CoffeeUseCase(
            repository: InMemoryOrderRepository(menu: menu, orders: orders), clock: clock, ids: ids, timeZone: timeZone)
    }
}
