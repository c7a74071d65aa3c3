import Synchronization

/// A source of random numbers, injected so a seed makes a run repeatable.
///
/// `.live` draws from the system generator; `.seeded(_:)` from SplitMix64, whose sequence
/// is the same on every platform and Swift version (the standard library promises neither
/// for `shuffle()` nor for its generator).
public final class RandomSource: Sendable {
    private let draw: @Sendable () -> UInt64

    /// Creates a source from a function that returns 64 random bits per call.
    public init(_ draw: @escaping @Sendable () -> UInt64) {
        self.draw = draw
    }

    /// The system's cryptographically secure generator.
    public static var live: RandomSource {
        RandomSource {
            var generator = SystemRandomNumberGenerator()
            return generator.next()
        }
    }

    /// A repeatable source: the same seed gives the same numbers.
    public static func seeded(_ seed: UInt64) -> RandomSource {
        let state = Mutex(SplitMix64(seed: seed))
        return RandomSource { state.withLock { $0.next() } }
    }

    /// The next 64 random bits.
    public func next() -> UInt64 { draw() }

    /// A uniform integer in `range`, without modulo bias.
    public func int(in range: Range<Int>) -> Int {
        precondition(!range.isEmpty, "empty range")
        let span = UInt64(range.upperBound - range.lowerBound)
        // Rejection sampling: draw again when the value falls in the incomplete last bucket.
        let limit = UInt64.max - UInt64.max % span
        var value = next()
        while value >= limit { value = next() }
        return range.lowerBound + Int(value % span)
    }

    /// A uniform integer in `range`.
    public func int(in range: ClosedRange<Int>) -> Int {
        int(in: range.lowerBound..<(range.upperBound + 1))
    }

    /// A uniform random element, or `nil` for an empty collection.
    public func element<C: Collection>(of collection: C) -> C.Element? where C.Index == Int {
        collection.isEmpty ? nil : collection[collection.startIndex + int(in: 0..<collection.count)]
    }

    /// The elements in a random order (Fisher–Yates, so the order depends only on the draws).
    public func shuffled<Element>(_ elements: [Element]) -> [Element] {
        var result = elements
        var index = result.count - 1
        while index > 0 {
            result.swapAt(index, int(in: 0...index))
            index -= 1
        }
        return result
    }
}

/// SplitMix64: a tiny, well-mixed generator, fixed by its published algorithm.
struct SplitMix64 {
    private var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
