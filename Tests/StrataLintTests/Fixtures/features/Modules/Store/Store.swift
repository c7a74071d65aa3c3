import Core
import ShopEntity
