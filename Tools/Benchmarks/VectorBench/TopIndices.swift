/// The indices of the `k` largest values, best first: an insertion-sorted list behind a threshold test.
enum TopIndices {
    /// The best `k` indices of `scores`; ties keep the lower index.
    static func of(_ scores: UnsafeBufferPointer<Float>, k: Int) -> [Int] {
        var best: [(index: Int, score: Float)] = []
        best.reserveCapacity(k + 1)
        for (index, score) in scores.enumerated() {
            if best.count == k, let last = best.last, score <= last.score { continue }
            var position = best.count
            while position > 0 && best[position - 1].score < score { position -= 1 }
            best.insert((index, score), at: position)
            if best.count > k { best.removeLast() }
        }
        return best.map(\.index)
    }
}
