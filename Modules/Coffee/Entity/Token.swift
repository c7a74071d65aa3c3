import Foundation

/// What a bearer token may do on the orders API.
///
/// Customers need no token: the menu, placing an order and reading one order by its full id
/// are open. `staff` may do everything else (list all orders, change, cancel and delete them,
/// the report); `reports` may only read (list the orders, the report), for a dashboard that
/// must not change orders.
public enum TokenRole: String, Sendable, Codable, CaseIterable {
    /// Runs the counter: reads, changes and deletes orders.
    case staff
    /// Reads the orders and the report, changes nothing.
    case reports
}

/// Why a request was refused with 401.
public enum AuthorizationFailure: String, Sendable, Codable, Equatable {
    /// No `Authorization: Bearer …` header.
    case missing
    /// A token no stored token hashes to: wrong, or revoked.
    case invalid
}

/// A stored API token: its name, role and when it was made. The token itself is never stored,
/// only `SHA-256(token)`; nothing here can give it back.
public struct APIToken: Sendable, Equatable, Codable {
    /// The longest name accepted.
    public static let maxNameLength = 60

    /// Who or what holds it (`till-1`, `dashboard`), unique among live tokens.
    public let name: String
    /// What it may do.
    public let role: TokenRole
    /// When it was created.
    public let createdAt: Date

    /// A token record.
    public init(name: String, role: TokenRole, createdAt: Date) {
        self.name = name
        self.role = role
        self.createdAt = createdAt
    }

    /// What a token store keeps of `token`, and looks a bearer credential up by: its SHA-256 in hexadecimal.
    public static func hash(of token: String) -> String {
        sha256Hex(Data(token.utf8))
    }

    /// `name` checked: 1 to 60 visible ASCII characters, no spaces.
    ///
    /// - Throws: `CoffeeError.notATokenName`.
    public static func validateName(_ name: String) throws(CoffeeError) -> String {
        guard !name.isEmpty, name.utf8.count <= maxNameLength, name.utf8.allSatisfy({ (0x21...0x7E).contains($0) })
        else { throw .notATokenName(text: String(name.prefix(maxNameLength))) }
        return name
    }
}
