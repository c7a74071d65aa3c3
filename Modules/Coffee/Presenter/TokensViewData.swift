import CoffeeEntity
import Foundation

/// One API token as a list shows it: never the token itself.
public struct TokenRowViewData: Sendable, Equatable, Encodable {
    /// Who holds it, such as `till-1`.
    public let name: String
    /// What it may do.
    public let role: TokenRole
    /// When it was made, `YYYY-MM-DD HH:MM:SS` in the presenter's time zone.
    public let created: String
    /// When it was made.
    public let createdAt: Date
}

/// The live tokens, oldest first.
public struct TokenListViewData: Sendable, Equatable, Encodable {
    /// The tokens.
    public let tokens: [TokenRowViewData]
}

/// What was just done to a token.
public enum TokenChange: String, Sendable, Equatable, Encodable {
    /// It was made; its secret is shown this once.
    case created
    /// It was revoked: the next request with it is refused.
    case revoked
}

/// A token just made or revoked.
public struct TokenViewData: Sendable, Equatable, Encodable {
    /// The token's record.
    public let token: TokenRowViewData
    /// What was done to it.
    public let change: TokenChange
    /// The bearer token itself, only when it was just made: nothing can show it again.
    public let secret: String?
}
