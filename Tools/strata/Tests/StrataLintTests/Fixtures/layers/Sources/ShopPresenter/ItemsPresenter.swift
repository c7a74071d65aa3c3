// swift-format-ignore-file
import ShopEntity
import ShopUseCase
  import ShopRepository

public final class ItemsPresenter {}
