// swift-format-ignore-file
import ShopEntity
import ShopRepository
import Core

public struct ListItems {}
