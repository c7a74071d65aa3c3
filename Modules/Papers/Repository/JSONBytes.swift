import PapersEntity

/// A strict JSON reader over bytes held in memory: a snapshot line, a list stored in the library.
struct JSONBytes {
    private let bytes: UnsafeBufferPointer<UInt8>
    private var index = 0

    init(_ bytes: UnsafeBufferPointer<UInt8>) {
        self.bytes = bytes
    }

    private mutating func skipSpace() {
        while index < bytes.count,
            bytes[index] == 0x20 || bytes[index] == 0x09 || bytes[index] == 0x0A
                || bytes[index] == 0x0D
        {
            index += 1
        }
    }

    /// The next byte after blanks, not consumed.
    private mutating func peek() -> UInt8? {
        skipSpace()
        return index < bytes.count ? bytes[index] : nil
    }

    mutating func consume(_ byte: UInt8) -> Bool {
        guard peek() == byte else { return false }
        index += 1
        return true
    }

    mutating func expect(_ byte: UInt8) throws(SnapshotLineProblem) {
        guard consume(byte) else { throw .notJSON }
    }

    /// Nothing but blanks is left.
    mutating func end() throws(SnapshotLineProblem) {
        guard peek() == nil else { throw .notJSON }
    }

    /// A string, or nil for `null`; `.wrongType("")` for another value (the caller names the field).
    mutating func stringOrNull() throws(SnapshotLineProblem) -> String? {
        switch peek() {
        case UInt8(ascii: "\""): return try string()
        case UInt8(ascii: "n"):
            try literal("null")
            return nil
        case nil: throw .notJSON
        default:
            try skipValue()
            throw .wrongType("")
        }
    }

    /// An array of `element`s, or nil for `null`; `.wrongType("")` for another value.
    mutating func array<T>(_ element: (inout JSONBytes) throws(SnapshotLineProblem) -> T) throws(SnapshotLineProblem)
        -> [T]?
    {
        switch peek() {
        case UInt8(ascii: "["):
            index += 1
            var items: [T] = []
            if consume(UInt8(ascii: "]")) { return items }
            repeat { items.append(try element(&self)) } while consume(UInt8(ascii: ","))
            try expect(UInt8(ascii: "]"))
            return items
        case UInt8(ascii: "n"):
            try literal("null")
            return nil
        case nil: throw .notJSON
        default:
            try skipValue()
            throw .wrongType("")
        }
    }

    /// An object, each member handed to `member` with its key; `.wrongType("")` for another value.
    mutating func object(_ member: (String, inout JSONBytes) throws(SnapshotLineProblem) -> Void)
        throws(SnapshotLineProblem)
    {
        guard peek() == UInt8(ascii: "{") else {
            try skipValue()
            throw .wrongType("")
        }
        index += 1
        if consume(UInt8(ascii: "}")) { return }
        repeat {
            let key = try string()
            try expect(UInt8(ascii: ":"))
            try member(key, &self)
        } while consume(UInt8(ascii: ","))
        try expect(UInt8(ascii: "}"))
    }

    /// A whole number (no fraction or exponent) that fits 64 bits; `.wrongType("")` for another value.
    mutating func integer() throws(SnapshotLineProblem) -> Int64 {
        guard let first = peek() else { throw .notJSON }
        let negative = first == UInt8(ascii: "-")
        if negative { index += 1 }
        let start = index
        var value: Int64 = 0
        while index < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index]) {
            let digit = Int64(bytes[index] - UInt8(ascii: "0"))
            let (times, overflowTimes) = value.multipliedReportingOverflow(by: 10)
            let (sum, overflowSum) = times.addingReportingOverflow(digit)
            guard !overflowTimes, !overflowSum else { throw .wrongType("") }
            value = sum
            index += 1
        }
        guard index > start else {
            index = negative ? start - 1 : start
            try skipValue()
            throw .wrongType("")
        }
        if index < bytes.count, [UInt8(ascii: "."), UInt8(ascii: "e"), UInt8(ascii: "E")].contains(bytes[index]) {
            throw .wrongType("")
        }
        return negative ? -value : value
    }

    /// A string; the bytes between the quotes as they are when there is no escape.
    mutating func string() throws(SnapshotLineProblem) -> String {
        guard peek() == UInt8(ascii: "\"") else { throw .notJSON }
        index += 1
        let start = index
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") {
                defer { index += 1 }
                return String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self)
            }
            if byte == UInt8(ascii: "\\") { return try escaped(from: start) }
            if byte < 0x20 { throw .notJSON }
            index += 1
        }
        throw .notJSON
    }

    /// The rest of a string that has escapes, from `start` (just after the opening quote).
    private mutating func escaped(from start: Int) throws(SnapshotLineProblem) -> String {
        var output = Array(bytes[start..<index])
        while index < bytes.count {
            let byte = bytes[index]
            index += 1
            switch byte {
            case UInt8(ascii: "\""): return String(decoding: output, as: UTF8.self)
            case UInt8(ascii: "\\"):
                guard index < bytes.count else { throw .notJSON }
                let code = bytes[index]
                index += 1
                switch code {
                case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): output.append(code)
                case UInt8(ascii: "b"): output.append(0x08)
                case UInt8(ascii: "f"): output.append(0x0C)
                case UInt8(ascii: "n"): output.append(0x0A)
                case UInt8(ascii: "r"): output.append(0x0D)
                case UInt8(ascii: "t"): output.append(0x09)
                case UInt8(ascii: "u"): try unicode(into: &output)
                default: throw .notJSON
                }
            case 0..<0x20: throw .notJSON
            default: output.append(byte)
            }
        }
        throw .notJSON
    }

    /// `\uXXXX`, with a second one for a surrogate pair, appended as UTF-8.
    private mutating func unicode(into output: inout [UInt8]) throws(SnapshotLineProblem) {
        var scalar = try hex4()
        if (0xD800..<0xDC00).contains(scalar) {
            guard index + 1 < bytes.count, bytes[index] == UInt8(ascii: "\\"), bytes[index + 1] == UInt8(ascii: "u")
            else { throw .notJSON }
            index += 2
            let low = try hex4()
            guard (0xDC00..<0xE000).contains(low) else { throw .notJSON }
            scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
        }
        guard let value = Unicode.Scalar(scalar) else { throw .notJSON }
        // An escaped NUL is dropped: SQLite's text functions and the C strings BibTeX and the
        // terminal get would end the text there, while the index still held the words after it.
        guard scalar != 0 else { return }
        if let encoded = UTF8.encode(value) { output.append(contentsOf: encoded) }
    }

    private mutating func hex4() throws(SnapshotLineProblem) -> UInt32 {
        guard index + 4 <= bytes.count else { throw .notJSON }
        var value: UInt32 = 0
        for byte in bytes[index..<(index + 4)] {
            let digit: UInt8
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
            default: throw .notJSON
            }
            value = value << 4 | UInt32(digit)
        }
        index += 4
        return value
    }

    private mutating func literal(_ word: StaticString) throws(SnapshotLineProblem) {
        let count = word.utf8CodeUnitCount
        guard index + count <= bytes.count else { throw .notJSON }
        for offset in 0..<count where bytes[index + offset] != word.utf8Start[offset] { throw .notJSON }
        index += count
    }

    /// Skips any value, checking it is JSON.
    mutating func skipValue() throws(SnapshotLineProblem) {
        switch peek() {
        case UInt8(ascii: "\""): _ = try string()
        case UInt8(ascii: "{"):
            index += 1
            if consume(UInt8(ascii: "}")) { return }
            repeat {
                _ = try string()
                try expect(UInt8(ascii: ":"))
                try skipValue()
            } while consume(UInt8(ascii: ","))
            try expect(UInt8(ascii: "}"))
        case UInt8(ascii: "["):
            index += 1
            if consume(UInt8(ascii: "]")) { return }
            repeat { try skipValue() } while consume(UInt8(ascii: ","))
            try expect(UInt8(ascii: "]"))
        case UInt8(ascii: "t"): try literal("true")
        case UInt8(ascii: "f"): try literal("false")
        case UInt8(ascii: "n"): try literal("null")
        case .some(let byte) where byte == UInt8(ascii: "-") || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte):
            index += 1
            while index < bytes.count,
                (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index])
                    || [UInt8(ascii: "."), UInt8(ascii: "e"), UInt8(ascii: "E"), UInt8(ascii: "+"), UInt8(ascii: "-")]
                        .contains(bytes[index])
            {
                index += 1
            }
        default: throw .notJSON
        }
    }
}
