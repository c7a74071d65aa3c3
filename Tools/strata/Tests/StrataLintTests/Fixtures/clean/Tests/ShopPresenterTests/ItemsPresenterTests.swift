// swift-format-ignore-file
@testable import ShopPresenter
import ShopEntity
import Testing
