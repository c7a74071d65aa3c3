import Core

/// The prices of one coffee in each size, in integer cents.
public struct Prices: Sendable, Codable, Equatable, Hashable {
    /// The price of a small cup, in cents.
    public var small: Int
    /// The price of a medium cup, in cents.
    public var medium: Int
    /// The price of a large cup, in cents.
    public var large: Int

    /// Creates prices from cents.
    public init(small: Int, medium: Int, large: Int) {
        self.small = small
        self.medium = medium
        self.large = large
    }

    /// The price of `size`, in cents.
    public subscript(size: Size) -> Int {
        switch size {
        case .small: small
        case .medium: medium
        case .large: large
        }
    }
}

/// One coffee the shop sells.
public struct MenuItem: Sendable, Codable, Equatable, Hashable {
    /// The coffee's name as the shop writes it, such as `Flat White`.
    public var name: String
    /// What each size costs.
    public var prices: Prices

    public init(name: String, prices: Prices) {
        self.name = name
        self.prices = prices
    }
}

/// What the shop sells, in the order it lists it.
public struct Menu: Sendable, Codable, Equatable {
    /// The coffees, in menu order.
    public var items: [MenuItem]

    public init(items: [MenuItem]) { self.items = items }

    /// The item named `name`, ignoring case and surrounding spaces.
    ///
    /// - Throws: `CoffeeError.missingCoffee` for an empty name, `.notOnMenu` (with what is on the menu) for another.
    public func item(named name: String) throws(CoffeeError) -> MenuItem {
        let key = name.trimmingCharacters(in: .whitespaces).lowercased()
        guard !key.isEmpty else { throw CoffeeError.missingCoffee }
        guard let item = items.first(where: { $0.name.lowercased() == key }) else {
            throw CoffeeError.notOnMenu(coffee: name, menu: items.map(\.name))
        }
        return item
    }

    /// The shop's standard menu, which a new database starts with.
    public static let standard = Menu(items: [
        MenuItem(name: "Espresso", prices: Prices(small: 300, medium: 350, large: 400)),
        MenuItem(name: "Americano", prices: Prices(small: 325, medium: 375, large: 425)),
        MenuItem(name: "Cappuccino", prices: Prices(small: 400, medium: 450, large: 500)),
        MenuItem(name: "Latte", prices: Prices(small: 400, medium: 450, large: 500)),
        MenuItem(name: "Flat White", prices: Prices(small: 425, medium: 475, large: 525)),
        MenuItem(name: "Mocha", prices: Prices(small: 450, medium: 500, large: 550)),
        MenuItem(name: "Cold Brew", prices: Prices(small: 400, medium: 450, large: 500)),
    ])
}
