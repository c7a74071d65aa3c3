/// A 64-bit FNV-1a hash taken over 8-byte words, fast enough to cover every byte of the weights.
struct ModelFingerprint {
    private(set) var value: UInt64 = 0xcbf2_9ce4_8422_2325

    mutating func add(_ bytes: UnsafeRawBufferPointer) {
        let wordCount = bytes.count / 8
        for index in 0..<wordCount {
            mix(bytes.loadUnaligned(fromByteOffset: index * 8, as: UInt64.self))
        }
        for index in (wordCount * 8)..<bytes.count {
            mix(UInt64(bytes[index]))
        }
        mix(UInt64(bytes.count))
    }

    private mutating func mix(_ word: UInt64) {
        value = (value ^ word) &* 0x0000_0100_0000_01b3
    }

    var hexadecimal: String {
        let digits = String(value, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }
}
