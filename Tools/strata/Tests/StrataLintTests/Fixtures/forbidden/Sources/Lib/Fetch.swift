import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

public func fetch() {}
