import Foundation
import ShopEntity
