import Core

public struct CartError: DomainError {}
