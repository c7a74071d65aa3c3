import Core

public protocol GiftError: DomainError {}
