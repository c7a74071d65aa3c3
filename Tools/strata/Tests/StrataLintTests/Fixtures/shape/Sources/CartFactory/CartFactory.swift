import CartEntity

/// Renamed away from CartFactory.
public enum CartBuilder {
    public static func live() -> CartFeature { CartFeature() }
}

public final class CartFeature {}
