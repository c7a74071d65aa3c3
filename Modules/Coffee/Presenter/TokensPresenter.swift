import CoffeeEntity
import CoffeeUseCase
import Core
import Foundation
import Observation

/// The staff tokens of the orders API: the list, and the token just made or revoked.
///
/// Like `OrdersPresenter`, each part is a `ViewState` of view data moved through `load(_:_:)`;
/// a failed part keeps the typed error for the app to word.
@Observable
@MainActor
public final class TokensPresenter: Presenting {
    /// The live tokens.
    public private(set) var tokens: ViewState<TokenListViewData> = .initial
    /// The token last made or revoked.
    public private(set) var token: ViewState<TokenViewData> = .initial
    /// Who a bearer token belongs to, as last checked: its record while it is stored, the
    /// failure once it is wrong or revoked.
    public private(set) var holder: ViewState<TokenRowViewData> = .initial

    @ObservationIgnored private let useCase: CoffeeUseCase
    @ObservationIgnored private let mapping: OrdersViewDataMapping

    /// Creates a presenter over the use cases; times are shown in `timeZone`.
    public init(useCase: CoffeeUseCase, timeZone: TimeZone = .current) {
        self.useCase = useCase
        mapping = OrdersViewDataMapping(timeZone: timeZone)
    }

    /// Loads the live tokens.
    public func loadTokens() async {
        await load(\.tokens) { [useCase, mapping] in
            TokenListViewData(tokens: try await useCase.listTokens().map(mapping.token))
        }
    }

    /// Makes a token named `name` with `role`; the view data holds its secret, shown this once.
    public func create(name: String, role: TokenRole) async {
        await load(\.token) { [useCase, mapping] in
            let (token, secret) = try await useCase.createToken(name: name, role: role)
            return TokenViewData(token: mapping.token(token), change: .created, secret: secret)
        }
    }

    /// Checks the bearer token `secret`, as every API request with it is checked (a sign-in, a session).
    public func identify(_ secret: String) async {
        await load(\.holder) { [useCase, mapping] in mapping.token(try await useCase.authenticate(bearer: secret)) }
    }

    /// Revokes the token named `name`.
    public func revoke(named name: String) async {
        await load(\.token) { [useCase, mapping] in
            TokenViewData(
                token: mapping.token(try await useCase.revokeToken(named: name)), change: .revoked, secret: nil)
        }
    }
}
