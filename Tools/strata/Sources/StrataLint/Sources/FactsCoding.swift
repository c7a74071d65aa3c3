/// Appends values to a byte buffer in the source cache's encoding: integers as LEB128 varints
/// (zigzag, so a negative one stays short), strings as a length then UTF-8, arrays as a count then items.
struct ByteWriter {
    var bytes: [UInt8] = []

    mutating func int(_ value: Int) {
        var rest = UInt64(bitPattern: Int64((value << 1) ^ (value >> (Int.bitWidth - 1))))
        while rest >= 0x80 {
            bytes.append(UInt8(truncatingIfNeeded: rest) | 0x80)
            rest >>= 7
        }
        bytes.append(UInt8(rest))
    }

    mutating func bool(_ value: Bool) { bytes.append(value ? 1 : 0) }

    mutating func string(_ value: String) {
        int(value.utf8.count)
        bytes.append(contentsOf: value.utf8)
    }

    mutating func optional(_ value: String?) {
        bool(value != nil)
        if let value { string(value) }
    }

    mutating func array<Item>(_ items: [Item], _ item: (inout ByteWriter, Item) -> Void) {
        int(items.count)
        for element in items { item(&self, element) }
    }

    mutating func strings(_ values: [String]) { array(values) { $0.string($1) } }

    mutating func uint64(_ value: UInt64) { withUnsafeBytes(of: value.littleEndian) { bytes.append(contentsOf: $0) } }

    mutating func fingerprint(_ value: Fingerprint) {
        uint64(value.count)
        uint64(value.first)
        uint64(value.second)
    }

    mutating func uint32(_ value: UInt32) { withUnsafeBytes(of: value.littleEndian) { bytes.append(contentsOf: $0) } }
}

/// Reads what `ByteWriter` wrote; any read past the end or any value out of range throws `Damaged`.
struct ByteReader {
    /// The bytes do not hold what they should: the cache is damaged, truncated or foreign.
    struct Damaged: Error {}

    let bytes: UnsafeRawBufferPointer
    var offset: Int

    init(_ bytes: UnsafeRawBufferPointer, offset: Int = 0) {
        self.bytes = bytes
        self.offset = offset
    }

    var isAtEnd: Bool { offset == bytes.count }

    mutating func byte() throws(Damaged) -> UInt8 {
        guard offset < bytes.count else { throw Damaged() }
        defer { offset += 1 }
        return bytes[offset]
    }

    mutating func int() throws(Damaged) -> Int {
        var value: UInt64 = 0
        var shift: UInt64 = 0
        while true {
            let next = try byte()
            guard shift < 64 else { throw Damaged() }
            value |= UInt64(next & 0x7F) << shift
            if next < 0x80 { break }
            shift += 7
        }
        let signed = Int64(bitPattern: (value >> 1) ^ (0 &- (value & 1)))
        guard let result = Int(exactly: signed) else { throw Damaged() }
        return result
    }

    /// A count of items still to come: at least one byte each, so a damaged count cannot ask for a huge array.
    mutating func count() throws(Damaged) -> Int {
        let value = try int()
        guard value >= 0, value <= bytes.count - offset else { throw Damaged() }
        return value
    }

    mutating func bool() throws(Damaged) -> Bool {
        switch try byte() {
        case 0: false
        case 1: true
        default: throw Damaged()
        }
    }

    mutating func raw(_ length: Int) throws(Damaged) -> UnsafeRawBufferPointer {
        guard length >= 0, length <= bytes.count - offset else { throw Damaged() }
        defer { offset += length }
        return UnsafeRawBufferPointer(rebasing: bytes[offset..<offset + length])
    }

    mutating func string() throws(Damaged) -> String {
        let utf8 = try raw(try count())
        // Not repaired: text that is not UTF-8 was never written by the writer.
        guard let text = String(validating: utf8.bindMemory(to: UInt8.self), as: UTF8.self) else { throw Damaged() }
        return text
    }

    mutating func optional() throws(Damaged) -> String? { try bool() ? try string() : nil }

    mutating func array<Item>(_ item: (inout ByteReader) throws(Damaged) -> Item) throws(Damaged) -> [Item] {
        let count = try count()
        var items: [Item] = []
        items.reserveCapacity(count)
        for _ in 0..<count { items.append(try item(&self)) }
        return items
    }

    mutating func strings() throws(Damaged) -> [String] { try array { reader throws(Damaged) in try reader.string() } }

    mutating func uint64() throws(Damaged) -> UInt64 { UInt64(littleEndian: try raw(8).loadUnaligned(as: UInt64.self)) }
    mutating func fingerprint() throws(Damaged) -> Fingerprint {
        Fingerprint(count: try uint64(), first: try uint64(), second: try uint64())
    }

    mutating func uint32() throws(Damaged) -> UInt32 { UInt32(littleEndian: try raw(4).loadUnaligned(as: UInt32.self)) }
}

/// `SourceFacts` to and from the source cache's bytes, field by field: a tenth of the time
/// `Codable` through JSON takes, which on a warm run would cost more than the run.
extension SourceFacts {
    /// The facts as bytes.
    func encoded() -> [UInt8] {
        var writer = ByteWriter()
        writer.array(imports, Self.write)
        writer.array(externalMacros, Self.write)
        writer.array(declarations) { writer, declaration in
            writer.string(declaration.kind)
            writer.string(declaration.name)
            writer.int(declaration.line)
            writer.int(declaration.column)
        }
        writer.array(strings) { writer, literal in
            writer.string(literal.content)
            writer.int(literal.line)
            writer.int(literal.column)
            writer.array(literal.anchors) { writer, anchor in
                writer.int(anchor.offset)
                writer.int(anchor.line)
                writer.int(anchor.column)
            }
        }
        declarationFacts.write(to: &writer)
        return writer.bytes
    }

    /// The facts `encoded()` wrote into `bytes`; throws when they are not exactly that. Without
    /// `wanted` the declaration facts, last and the largest part, are left unread (and empty).
    init(decoding bytes: UnsafeRawBufferPointer, declarationFacts wanted: Bool = true) throws(ByteReader.Damaged) {
        var reader = ByteReader(bytes)
        self.init()
        imports = try reader.array(Self.readImport)
        externalMacros = try reader.array(Self.readImport)
        declarations = try reader.array { reader throws(ByteReader.Damaged) in
            TypeDeclaration(
                kind: try reader.string(), name: try reader.string(), line: try reader.int(), column: try reader.int())
        }
        strings = try reader.array { reader throws(ByteReader.Damaged) in
            StringLiteral(
                content: try reader.string(), line: try reader.int(), column: try reader.int(),
                anchors: try reader.array { reader throws(ByteReader.Damaged) in
                    StringLiteral.Anchor(offset: try reader.int(), line: try reader.int(), column: try reader.int())
                })
        }
        guard wanted else { return }
        declarationFacts = try DeclarationFacts(reading: &reader)
        guard reader.isAtEnd else { throw ByteReader.Damaged() }
    }

    private static func write(_ writer: inout ByteWriter, _ statement: ImportStatement) {
        writer.string(statement.module)
        writer.strings(statement.path)
        writer.optional(statement.kind)
        writer.strings(statement.attributes)
        writer.int(statement.line)
        writer.int(statement.column)
        writer.bool(statement.conditional)
    }

    private static func readImport(_ reader: inout ByteReader) throws(ByteReader.Damaged) -> ImportStatement {
        ImportStatement(
            module: try reader.string(), path: try reader.strings(), kind: try reader.optional(),
            attributes: try reader.strings(), line: try reader.int(), column: try reader.int(),
            conditional: try reader.bool())
    }
}

extension DeclarationFacts {
    func write(to writer: inout ByteWriter) {
        writer.array(types) { writer, type in
            writer.string(type.kind)
            writer.string(type.name)
            writer.strings(type.attributes)
            writer.strings(type.modifiers)
            writer.strings(type.inherits)
            type.position.write(to: &writer)
        }
        writer.array(extensions) { writer, item in
            writer.string(item.extended)
            writer.strings(item.inherits)
        }
        writer.array(references) { writer, reference in
            writer.string(reference.name)
            writer.optional(reference.member)
            writer.bool(reference.isEmptyCall)
            reference.position.write(to: &writer)
        }
        writer.array(mutableState) { writer, state in
            writer.string(state.description)
            state.position.write(to: &writer)
        }
        writer.array(publicMentions) { writer, mention in
            writer.string(mention.declaration)
            writer.optional(mention.owner)
            writer.string(mention.ownerKind)
            writer.string(mention.type)
            mention.position.write(to: &writer)
        }
    }

    init(reading reader: inout ByteReader) throws(ByteReader.Damaged) {
        self.init()
        types = try reader.array { reader throws(ByteReader.Damaged) in
            DeclaredType(
                kind: try reader.string(), name: try reader.string(), attributes: try reader.strings(),
                modifiers: try reader.strings(), inherits: try reader.strings(),
                position: try Position(reading: &reader))
        }
        extensions = try reader.array { reader throws(ByteReader.Damaged) in
            Extension(extended: try reader.string(), inherits: try reader.strings())
        }
        references = try reader.array { reader throws(ByteReader.Damaged) in
            Reference(
                name: try reader.string(), member: try reader.optional(), isEmptyCall: try reader.bool(),
                position: try Position(reading: &reader))
        }
        mutableState = try reader.array { reader throws(ByteReader.Damaged) in
            MutableState(description: try reader.string(), position: try Position(reading: &reader))
        }
        publicMentions = try reader.array { reader throws(ByteReader.Damaged) in
            PublicMention(
                declaration: try reader.string(), owner: try reader.optional(), ownerKind: try reader.string(),
                type: try reader.string(), position: try Position(reading: &reader))
        }
    }
}

extension DeclarationFacts.Position {
    func write(to writer: inout ByteWriter) {
        writer.int(line)
        writer.int(column)
    }

    init(reading reader: inout ByteReader) throws(ByteReader.Damaged) {
        self.init(line: try reader.int(), column: try reader.int())
    }
}
