import Core

public typealias WishError = Never
