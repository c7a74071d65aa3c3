import WishEntity

public actor WishFeature {}

extension WishFactory {
    static let name = "wishes"
}
