import Core
import Foundation

/// Core's seeded source (SplitMix64), with the float draws benchmark vectors need.
struct BenchRandom: RandomNumberGenerator {
    private let source: RandomSource

    init(state: UInt64) {
        source = .seeded(state)
    }

    mutating func next() -> UInt64 { source.next() }

    /// A uniform float in [-1, 1).
    mutating func signedUnit() -> Float {
        Float(Int32(truncatingIfNeeded: next() >> 32)) / Float(1 << 31)
    }

    /// A standard normal float (Box-Muller), for noise that looks like embedding scatter.
    mutating func normal() -> Float {
        let u1 = max(Float(next() >> 40) / Float(1 << 24), 1e-7)
        let u2 = Float(next() >> 40) / Float(1 << 24)
        return (-2 * logf(u1)).squareRoot() * cosf(2 * Float.pi * u2)
    }

    /// `values` scaled to unit length.
    static func normalised(_ values: [Float]) -> [Float] {
        let norm = values.reduce(0) { $0 + $1 * $1 }.squareRoot()
        return norm > 0 ? values.map { $0 / norm } : values
    }

    /// A random unit vector (uniform components, then normalised).
    mutating func unitVector(_ dimensions: Int) -> [Float] {
        Self.normalised((0..<dimensions).map { _ in signedUnit() })
    }
}
