import ShopEntity

public enum ShopFactory {
    public static func live() -> ShopFeature { ShopFeature() }
}

public struct ShopFeature {
    public let usage = "--factories-are-not-checked"
}
