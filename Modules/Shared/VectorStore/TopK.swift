/// The best `capacity` (key, score) pairs seen so far: a binary heap with the worst pair on top.
///
/// Better means a higher score, then the smaller key, so ties resolve the same way in every run.
struct TopK {
    /// One kept result: the row's key, its score, and the row, to read its vector again.
    struct Entry {
        let key: String
        let score: Float
        let row: Int
    }

    let capacity: Int
    private(set) var entries: [Entry] = []

    init(capacity: Int) {
        self.capacity = capacity
        entries.reserveCapacity(capacity)
    }

    /// Whether a row scoring `score` could enter, before paying for its key; equal scores need the key to decide.
    func admits(_ score: Float) -> Bool {
        guard let worst = entries.first else { return capacity > 0 }
        return entries.count < capacity || score >= worst.score
    }

    /// Adds the pair if it beats the worst kept one (or there is room).
    mutating func insert(key: String, score: Float, row: Int) {
        let entry = Entry(key: key, score: score, row: row)
        if entries.count < capacity {
            entries.append(entry)
            siftUp(entries.count - 1)
        } else if let worst = entries.first, Self.isBetter(entry, than: worst) {
            entries[0] = entry
            siftDown(0)
        }
    }

    /// The kept pairs, best first.
    func sorted() -> [Entry] {
        entries.sorted { Self.isBetter($0, than: $1) }
    }

    /// The ordering of results: higher score first, then the smaller key.
    static func isBetter(_ lhs: Entry, than rhs: Entry) -> Bool {
        lhs.score != rhs.score ? lhs.score > rhs.score : lhs.key < rhs.key
    }

    private mutating func siftUp(_ start: Int) {
        var child = start
        while child > 0 {
            let parent = (child - 1) / 2
            guard Self.isBetter(entries[parent], than: entries[child]) else { return }
            entries.swapAt(parent, child)
            child = parent
        }
    }

    private mutating func siftDown(_ start: Int) {
        var parent = start
        while true {
            var worst = parent
            for child in [2 * parent + 1, 2 * parent + 2]
            where child < entries.count && Self.isBetter(entries[worst], than: entries[child]) {
                worst = child
            }
            guard worst != parent else { return }
            entries.swapAt(parent, worst)
            parent = worst
        }
    }
}
