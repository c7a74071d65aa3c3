import ShopEntity
import ShopUseCase

public final class ItemsPresenter {}
