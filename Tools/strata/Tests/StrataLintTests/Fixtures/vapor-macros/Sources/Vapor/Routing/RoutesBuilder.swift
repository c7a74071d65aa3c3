#if canImport(FoundationEssentials)
public import FoundationEssentials
#else
public import Foundation
#endif

public protocol RoutesBuilder {
    func add(_ route: Route)
}
