import Core

public struct Item { public var price: Money }
