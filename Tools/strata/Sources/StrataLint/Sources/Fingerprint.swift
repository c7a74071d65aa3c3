/// The identity of a run of bytes for the source cache: its length and a 128-bit hash of it.
///
/// Not cryptographic: the cache guards against edits, not against someone who can write `.build`
/// (who could as well replace the binary). Each of the two lanes is a bijection of its state for a
/// given word, so two inputs of one length that differ in a single 8-byte word always differ
/// here; anything else collides with odds of about 2^-128. It runs at several bytes a cycle:
/// every file whose stamp changed is hashed (after a checkout or a copy, every file of the
/// package), so a cryptographic hash would cost more than the rest of such a run.
struct Fingerprint: Hashable, Sendable {
    /// The number of bytes.
    var count: UInt64
    var first: UInt64
    var second: UInt64

    /// The fingerprint of `bytes`.
    init(_ bytes: UnsafeRawBufferPointer) {
        var first: UInt64 = 0x243F_6A88_85A3_08D3
        var second: UInt64 = 0x1319_8A2E_0370_7344
        let words = bytes.count / 8
        var offset = 0
        if let base = bytes.baseAddress {
            for _ in 0..<words {
                let word = base.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
                first = Self.rotate((first ^ word) &* 0x9E37_79B9_7F4A_7C15, 31)
                second = Self.rotate((second ^ Self.rotate(word, 23)) &* 0xC2B2_AE3D_27D4_EB4F, 29)
                offset += 8
            }
        }
        // The last 1 to 7 bytes, as one more word (the count, mixed in below, tells their number).
        var tail: UInt64 = 0
        for index in offset..<bytes.count { tail |= UInt64(bytes[index]) << (8 * UInt64(index - offset)) }
        first = Self.rotate((first ^ tail) &* 0x9E37_79B9_7F4A_7C15, 31)
        second = Self.rotate((second ^ Self.rotate(tail, 23)) &* 0xC2B2_AE3D_27D4_EB4F, 29)
        count = UInt64(bytes.count)
        self.first = Self.finish(first ^ count)
        self.second = Self.finish(second ^ (count &* 0x9E37_79B9_7F4A_7C15) ^ self.first)
    }

    /// The fingerprint of `bytes`.
    init(_ bytes: UnsafeBufferPointer<UInt8>) { self.init(UnsafeRawBufferPointer(bytes)) }

    init(count: UInt64, first: UInt64, second: UInt64) {
        self.count = count
        self.first = first
        self.second = second
    }

    private static func rotate(_ value: UInt64, _ by: UInt64) -> UInt64 { (value << by) | (value >> (64 - by)) }

    /// MurmurHash3's finaliser: every bit of the input moves about half the bits of the output.
    private static func finish(_ value: UInt64) -> UInt64 {
        var value = value
        value = (value ^ (value >> 33)) &* 0xFF51_AFD7_ED55_8CCD
        value = (value ^ (value >> 33)) &* 0xC4CE_B9FE_1A85_EC53
        return value ^ (value >> 33)
    }
}
