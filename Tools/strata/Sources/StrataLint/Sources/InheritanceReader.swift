/// Reads what follows a type's name up to its body: generic parameters, then the inheritance
/// clause, as swift-syntax names its entries (the last name of each, generic arguments left out,
/// `@unchecked Sendable` as `Sendable`, `A & B` as both, `~Copyable` as nothing).
///
/// It only looks ahead: the lexer goes on from the name as before. Anything it does not know
/// for certain (`#if` in the clause, a backticked name, `protocol P: class`, a tuple) makes it
/// give up, and swift-syntax reads that declaration instead.
struct InheritanceReader {
    let bytes: UnsafeBufferPointer<UInt8>
    var offset: Int

    init(bytes: UnsafeBufferPointer<UInt8>, offset: Int) {
        self.bytes = bytes
        self.offset = offset
    }

    /// The inherited names, or nil when the header is not one this reader is sure of.
    mutating func inherited() -> [String]? {
        skipTrivia()
        if peek == UInt8(ascii: "<") {
            guard skipAngles() else { return nil }
            skipTrivia()
        }
        var names: [String] = []
        if peek == Byte.colon {
            offset += 1
            repeat {
                skipTrivia()
                guard let entry = entry() else { return nil }
                names += entry
                skipTrivia()
            } while take(UInt8(ascii: ","))
        }
        // The body, or a `where` clause, which adds no conformance.
        if peek == UInt8(ascii: "{") { return names }
        return word() == "where" ? names : nil
    }

    var peek: UInt8 { offset < bytes.count ? bytes[offset] : 0 }

    mutating func take(_ byte: UInt8) -> Bool {
        guard peek == byte else { return false }
        offset += 1
        return true
    }

    /// One entry of the clause: attributes, then `~` or a type.
    mutating func entry() -> [String]? {
        while take(Byte.at) {
            guard word() != nil else { return nil }
            skipTrivia()
        }
        if take(UInt8(ascii: "~")) {
            skipTrivia()
            return type() == nil ? nil : []
        }
        return type()
    }

    /// `A`, `A.B`, `A<T>.B`, `A & B`: the last name of each type composed.
    mutating func type() -> [String]? {
        var names: [String] = []
        repeat {
            skipTrivia()
            var last: String?
            repeat {
                guard let name = word(), name != "class", name != "any", name != "some" else { return nil }
                last = name
                if peek == UInt8(ascii: "<") {
                    guard skipAngles() else { return nil }
                }
            } while take(Byte.dot)
            if let last { names.append(last) }
            skipTrivia()
        } while take(UInt8(ascii: "&"))
        return names
    }

    /// An identifier, or nil (a backticked name included: swift-syntax keeps its backticks).
    mutating func word() -> String? {
        guard Byte.isIdentifierStart(peek) else { return nil }
        let start = offset
        while offset < bytes.count, Byte.isIdentifierBody(bytes[offset]) { offset += 1 }
        return String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<offset]), as: UTF8.self)
    }

    /// Skips `<…>` with what generic parameters and arguments hold; false on anything else.
    mutating func skipAngles() -> Bool {
        var depth = 0
        repeat {
            skipTrivia()
            switch peek {
            case UInt8(ascii: "<"): depth += 1
            case UInt8(ascii: ">"): depth -= 1
            case Byte.colon, Byte.dot, UInt8(ascii: ","), UInt8(ascii: "&"), UInt8(ascii: "~"), UInt8(ascii: "?"),
                UInt8(ascii: "["), UInt8(ascii: "]"):
                break
            default:
                guard word() != nil else { return false }
                continue
            }
            offset += 1
        } while depth > 0
        return true
    }

    /// Skips spaces, line breaks and comments.
    mutating func skipTrivia() {
        while offset < bytes.count {
            switch bytes[offset] {
            case Byte.space, Byte.tab, Byte.carriageReturn, Byte.newline:
                offset += 1
            case Byte.slash where offset + 1 < bytes.count && bytes[offset + 1] == Byte.slash:
                while offset < bytes.count, bytes[offset] != Byte.newline { offset += 1 }
            case Byte.slash where offset + 1 < bytes.count && bytes[offset + 1] == Byte.star:
                offset += 2
                var depth = 1
                while offset < bytes.count, depth > 0 {
                    if bytes[offset] == Byte.slash, offset + 1 < bytes.count, bytes[offset + 1] == Byte.star {
                        depth += 1
                        offset += 2
                    } else if bytes[offset] == Byte.star, offset + 1 < bytes.count, bytes[offset + 1] == Byte.slash {
                        depth -= 1
                        offset += 2
                    } else {
                        offset += 1
                    }
                }
            default:
                return
            }
        }
    }
}
