/// Bytes and byte classes the lexers of Swift text (sources and manifests) share.
enum Byte {
    static let newline = UInt8(ascii: "\n"), space = UInt8(ascii: " "), tab = UInt8(ascii: "\t")
    static let carriageReturn = UInt8(ascii: "\r"), slash = UInt8(ascii: "/"), star = UInt8(ascii: "*")
    static let quote = UInt8(ascii: "\""), hash = UInt8(ascii: "#"), backslash = UInt8(ascii: "\\")
    static let openParen = UInt8(ascii: "("), closeParen = UInt8(ascii: ")"), dot = UInt8(ascii: ".")
    static let at = UInt8(ascii: "@"), backtick = UInt8(ascii: "`"), bang = UInt8(ascii: "!")
    static let colon = UInt8(ascii: ":")

    static func isIdentifierStart(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: "_") || byte >= 0x80 || ((byte | 0x20) >= 97 && (byte | 0x20) <= 122)
    }
    static func isIdentifierBody(_ byte: UInt8) -> Bool {
        isIdentifierStart(byte) || isDigit(byte) || byte == UInt8(ascii: "$")
    }
    static func isDigit(_ byte: UInt8) -> Bool { byte >= 48 && byte <= 57 }
}
