import ShopEntity
import ShopRepository

public struct ListItems {}
