public protocol DomainError: Error {}
