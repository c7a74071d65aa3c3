import CLibXML2

/// The attributes SAX2 hands over with a start tag: five pointers each (local name, prefix,
/// namespace URI, value start, value end), values not NUL-terminated.
struct StartTagAttributes {
    let attributes: UnsafeMutablePointer<UnsafePointer<xmlChar>?>?
    let count: Int

    /// The value of the attribute without a namespace named `wanted` (an interned name), as bytes valid during the callback.
    func value(of wanted: UnsafePointer<xmlChar>?) -> UnsafeBufferPointer<UInt8>? {
        guard let attributes else { return nil }
        for index in 0..<count {
            let base = attributes + index * 5
            guard base[0] == wanted, base[2] == nil, let start = base[3], let end = base[4] else { continue }
            return UnsafeBufferPointer(start: start, count: end - start)
        }
        return nil
    }
}
