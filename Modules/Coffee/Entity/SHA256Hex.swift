import Crypto
import Foundation

/// SHA-256 of `data` as 64 lower-case hexadecimal digits: how request fingerprints, key digests
/// and token hashes are stored and compared.
func sha256Hex(_ data: Data) -> String {
    // Two digits per byte from a table: it runs on every authenticated request.
    var text: [UInt8] = []
    text.reserveCapacity(64)
    for byte in SHA256.hash(data: data) {
        text.append(hexDigits[Int(byte >> 4)])
        text.append(hexDigits[Int(byte & 0x0f)])
    }
    return String(decoding: text, as: UTF8.self)
}

private let hexDigits = Array("0123456789abcdef".utf8)
