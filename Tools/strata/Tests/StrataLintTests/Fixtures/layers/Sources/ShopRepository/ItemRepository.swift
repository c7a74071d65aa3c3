// Stores items; Core is declared but never imported.
import ShopEntity

public protocol ItemRepository {}
