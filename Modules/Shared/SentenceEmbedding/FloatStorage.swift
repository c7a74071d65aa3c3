/// A fixed-size block of `Float`s owned by a class so hot loops can use its pointer directly.
///
/// `@unchecked Sendable` is sound for weights: they are written once in `init` and only read after.
final class FloatStorage: @unchecked Sendable {
    let pointer: UnsafeMutablePointer<Float>
    let count: Int

    init(_ values: [Float]) {
        count = values.count
        pointer = .allocate(capacity: max(values.count, 1))
        values.withUnsafeBufferPointer { source in
            if let base = source.baseAddress {
                pointer.initialize(from: base, count: source.count)
            }
        }
    }

    deinit {
        pointer.deallocate()
    }
}
