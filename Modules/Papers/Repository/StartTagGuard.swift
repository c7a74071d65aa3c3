import PapersEntity

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Refuses a start tag longer than `limit` bytes before libxml2 sees it.
///
/// Why: libxml2 2.9 checks a start tag's attributes for duplicates pair by pair, so one tag
/// with a few hundred thousand attributes holds the CPU for minutes (xmllint in stream mode too).
/// No Atom feed needs a long start tag (arXiv's longest is under 300 bytes).
///
/// Why it is cheap: XML allows no `<` inside a tag, not even in a quoted value, so a tag can
/// only be long where `limit` bytes go by without a `<`. The scan asks `memrchr` for the last
/// `<` in each window of `limit` bytes after the last one seen (one call per 64 KiB, not per
/// tag), and reads a tag byte by byte, for the `>` that ends it outside quotes, only where a
/// window has none. Lines are counted per chunk in a loop the compiler vectorises.
struct StartTagGuard {
    /// The longest start tag accepted, in bytes: 64 KiB, about 9,000 short attributes.
    static let defaultLimit = 64 << 10

    let source: String
    let limit: Int
    /// Lines before the current chunk.
    private var linesBefore = 0
    /// The bytes from the last `<` of earlier chunks on, while it is undecided (at most `limit + 1`).
    private var carry: [UInt8] = []
    /// The line `carry` starts on.
    private var carryLine = 1

    init(source: String, limit: Int = defaultLimit) {
        self.source = source
        self.limit = limit
    }

    /// Scans the next bytes of the input.
    ///
    /// - Throws: `PapersError.badFeed` (`.startTagTooLong`) with the line the tag starts on.
    mutating func scan(_ chunk: UnsafeRawBufferPointer) throws {
        guard let base = chunk.baseAddress?.assumingMemoryBound(to: UInt8.self), !chunk.isEmpty else { return }
        let bytes = UnsafeBufferPointer(start: base, count: chunk.count)
        defer { linesBefore += Self.newlines(in: bytes, upTo: bytes.count) }
        var last: Int  // the last `<` seen in this chunk, whose tag is not known to be short
        if carry.isEmpty {
            guard let first = Self.find(in: bytes, from: 0, to: bytes.count, last: false) else { return }
            last = first
        } else {
            // The tag an earlier chunk left open is decided by a `<` within reach, or by its bytes.
            let reach = limit + 1 - carry.count
            if let next = Self.find(in: bytes, from: 0, to: min(bytes.count, reach), last: true) {
                carry.removeAll(keepingCapacity: true)
                last = next
            } else {
                carry.append(contentsOf: bytes[0..<min(bytes.count, max(0, reach))])
                guard carry.count > limit else { return }
                if !Self.tagEnds(carry[...], within: limit) { throw refusal(line: carryLine) }
                carry.removeAll(keepingCapacity: true)
                guard let next = Self.find(in: bytes, from: reach, to: bytes.count, last: false) else { return }
                last = next
            }
        }
        while true {
            let windowEnd = last + limit + 1
            if let next = Self.find(in: bytes, from: last + 1, to: min(bytes.count, windowEnd), last: true) {
                last = next
                continue
            }
            guard windowEnd <= bytes.count else {
                // The window runs past this chunk: the next chunk decides.
                carry.append(contentsOf: bytes[last...])
                carryLine = linesBefore + Self.newlines(in: bytes, upTo: last) + 1
                return
            }
            if !Self.tagEnds(bytes[last..<windowEnd], within: limit) {
                throw refusal(line: linesBefore + Self.newlines(in: bytes, upTo: last) + 1)
            }
            guard let next = Self.find(in: bytes, from: windowEnd, to: bytes.count, last: false) else { return }
            last = next
        }
    }

    private func refusal(line: Int) -> PapersError {
        PapersError.badFeed(source: source, problem: .startTagTooLong(line: line, limit: limit))
    }

    /// Whether the markup starting with `<` at the start of `bytes` is not a start tag, or ends
    /// with a `>` outside quotes within `limit` bytes.
    private static func tagEnds(_ bytes: some Collection<UInt8>, within limit: Int) -> Bool {
        var quote: UInt8?
        for (offset, byte) in bytes.enumerated() {
            if offset == 1, byte == UInt8(ascii: "!") || byte == UInt8(ascii: "?") || byte == UInt8(ascii: "/") {
                return true
            }
            if offset > limit { return false }
            if let open = quote {
                if byte == open { quote = nil }
            } else if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") {
                quote = byte
            } else if byte == UInt8(ascii: ">") {
                return true
            }
        }
        return bytes.count <= limit
    }

    /// The first (or, with `last`, the last) `<` in `bytes[start..<end]`.
    ///
    /// Backwards by hand (glibc's `memrchr` is not in Swift's Glibc module): in XML the last `<`
    /// of a window is a few bytes from its end.
    private static func find(in bytes: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int, last: Bool) -> Int? {
        guard start < end, let base = bytes.baseAddress else { return nil }
        if last {
            var index = end - 1
            while index >= start {
                if bytes[index] == UInt8(ascii: "<") { return index }
                index -= 1
            }
            return nil
        }
        return memchr(base + start, Int32(UInt8(ascii: "<")), end - start).map {
            base.distance(to: $0.assumingMemoryBound(to: UInt8.self))
        }
    }

    /// The newlines in `bytes[0..<end]`, eight bytes at a time: a byte-by-byte loop cost half
    /// as much again as parsing the feed.
    private static func newlines(in bytes: UnsafeBufferPointer<UInt8>, upTo end: Int) -> Int {
        guard let base = bytes.baseAddress, end > 0 else { return 0 }
        let raw = UnsafeRawPointer(base)
        let ones: UInt64 = 0x0101_0101_0101_0101
        let low7: UInt64 = 0x7F7F_7F7F_7F7F_7F7F
        var count = 0
        var index = 0
        while index + 8 <= end {
            // Bytes equal to '\n' become zero; then exactly the zero bytes get their top bit set.
            let word = raw.loadUnaligned(fromByteOffset: index, as: UInt64.self) ^ (ones &* 0x0A)
            let zeros = ~(((word & low7) &+ low7) | word | low7)
            count &+= zeros.nonzeroBitCount
            index += 8
        }
        while index < end {
            if base[index] == UInt8(ascii: "\n") { count += 1 }
            index += 1
        }
        return count
    }
}
