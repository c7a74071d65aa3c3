@testable import ShopPresenter
import ShopEntity
import Testing
