/// Byte-level text helpers for the feed reader's hot path, where Foundation's string search costs more than the parsing.
enum FeedBytes {
    /// The index just past the first occurrence of an ASCII `needle` in `bytes`, or `nil`.
    static func find(_ needle: StaticString, in bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        let length = needle.utf8CodeUnitCount
        guard length > 0, bytes.count >= length else { return nil }
        let pattern = UnsafeBufferPointer(start: needle.utf8Start, count: length)
        let first = pattern[0]
        var index = 0
        while index <= bytes.count - length {
            if bytes[index] == first {
                var offset = 1
                while offset < length, bytes[index + offset] == pattern[offset] { offset += 1 }
                if offset == length { return index + length }
            }
            index += 1
        }
        return nil
    }

    /// The text with `%XX` escapes decoded (a DOI in a link), or `nil` when an escape or the UTF-8 it makes is invalid.
    static func percentDecoded(_ bytes: UnsafeBufferPointer<UInt8>) -> String? {
        guard bytes.contains(UInt8(ascii: "%")) else { return String(decoding: bytes, as: UTF8.self) }
        var decoded: [UInt8] = []
        decoded.reserveCapacity(bytes.count)
        var index = 0
        while index < bytes.count {
            if bytes[index] == UInt8(ascii: "%") {
                guard index + 2 < bytes.count, let high = hexValue(bytes[index + 1]),
                    let low = hexValue(bytes[index + 2])
                else { return nil }
                decoded.append(high << 4 | low)
                index += 3
            } else {
                decoded.append(bytes[index])
                index += 1
            }
        }
        return String(validating: decoded, as: UTF8.self)
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case 0x30...0x39: byte - 0x30
        case 0x41...0x46: byte - 0x37
        case 0x61...0x66: byte - 0x57
        default: nil
        }
    }
}
