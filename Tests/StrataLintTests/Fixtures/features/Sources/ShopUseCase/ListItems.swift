import ShopEntity
