import ShopEntity
import ShopFactory
import Terminal

print("usage: shop list [--name NAME]")
