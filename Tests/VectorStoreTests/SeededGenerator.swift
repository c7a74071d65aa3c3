import Core

/// Core's seeded source as a `RandomNumberGenerator`, so every test run builds the same vectors.
struct SeededGenerator: RandomNumberGenerator {
    private let source: RandomSource

    init(state: UInt64) {
        source = .seeded(state)
    }

    mutating func next() -> UInt64 { source.next() }
}
