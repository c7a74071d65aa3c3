import Core
import ShopEntity

public protocol ItemRepository {}
