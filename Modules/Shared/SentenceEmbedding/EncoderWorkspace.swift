/// Scratch buffers for encoding one batch at a time, kept by one worker and grown to the
/// largest batch it has seen so that later batches neither allocate nor fault in fresh pages.
final class EncoderWorkspace {
    /// One reusable buffer of `Float`s.
    final class Buffer {
        private(set) var pointer = UnsafeMutablePointer<Float>.allocate(capacity: 1)
        private var capacity = 1

        /// A pointer to at least `count` floats; earlier contents are not kept when it grows.
        func reserve(_ count: Int) -> UnsafeMutablePointer<Float> {
            if count > capacity {
                pointer.deallocate()
                capacity = count
                pointer = .allocate(capacity: count)
            }
            return pointer
        }

        deinit {
            pointer.deallocate()
        }
    }

    let hidden = Buffer()
    let residual = Buffer()
    let queryKeyValue = Buffer()
    let context = Buffer()
    let intermediate = Buffer()
    let scores = Buffer()
}
