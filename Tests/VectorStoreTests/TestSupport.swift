import Foundation
import Testing
import VectorStore

/// A random unit vector of `dimensions` floats.
func unitVector(_ dimensions: Int, using generator: inout SeededGenerator) -> [Float] {
    let raw = (0..<dimensions).map { _ in Float.random(in: -1...1, using: &generator) }
    let norm = raw.reduce(0) { $0 + $1 * $1 }.squareRoot()
    return raw.map { $0 / norm }
}

/// The store error `body` throws, or nil; any other error fails the test.
func thrownError(_ body: () throws -> Void) -> VectorStoreError? {
    do {
        try body()
        return nil
    } catch let error as VectorStoreError {
        return error
    } catch {
        Issue.record(error)
        return nil
    }
}

extension VectorStoreError {
    /// Whether this is `.damaged`, whatever the reason.
    var isDamaged: Bool {
        if case .damaged = self { return true }
        return false
    }
}
