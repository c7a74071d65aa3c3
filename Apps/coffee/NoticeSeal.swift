import Crypto
import Foundation

/// Seals the notice a redirect carries to the board (the order just placed or moved), so only
/// the redirect this server wrote shows it.
///
/// The board names an order's customer after the form that placed it. Looked up by an id from
/// the address alone, that line would tell anyone the customer of any order whose id they read
/// off the board (or guessed a prefix of). The redirect carries the id with an HMAC-SHA256 of
/// it under a key drawn when the server starts and never shown: nobody else can make one, and a
/// sealed notice shows only the order the person who followed the redirect placed or moved.
/// Another server of the same database, with its own key, shows its board without the line.
struct NoticeSeal: Sendable {
    private let key = SymmetricKey(size: .bits256)

    /// The seal of `kind` (`placed`, `changed`) for the order `id`: 22 URL-safe characters (128 bits).
    func seal(_ kind: String, id: String) -> String {
        let code = HMAC<SHA256>.authenticationCode(for: Data("\(kind):\(id)".utf8), using: key)
        return Data(code.prefix(16)).base64EncodedString()
            .replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
            .replacingOccurrences(of: "=", with: "")
    }

    /// Whether `proof` is the seal of `kind` for `id`, compared in constant time.
    func verifies(_ proof: String, kind: String, id: String) -> Bool {
        let expected = Array(seal(kind, id: id).utf8)
        let given = Array(proof.utf8)
        guard expected.count == given.count else { return false }
        return zip(expected, given).reduce(UInt8(0)) { $0 | ($1.0 ^ $1.1) } == 0
    }
}
