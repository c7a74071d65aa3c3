import CoffeeEntity
import CoffeePresenter
import CoffeeUseCase
import Core
import Foundation
import Testing

@MainActor
@Suite("Tokens presenter")
struct TokensPresenterTests {
    let utc = TimeZone(identifier: "UTC") ?? .current

    func presenter() -> TokensPresenter {
        TokensPresenter(useCase: .inMemory(clock: .reference), timeZone: utc)
    }

    func error<Value>(_ state: ViewState<Value>) -> CoffeeError? {
        state.failure?.error as? CoffeeError
    }

    @Test("a made token's view data holds its secret this once; the list never does")
    func createAndList() async throws {
        let presenter = presenter()
        await presenter.create(name: "till-1", role: .staff)
        let made = try #require(presenter.token.value)
        #expect(made.change == .created)
        #expect(made.token.name == "till-1" && made.token.role == .staff)
        // WallClock.reference: 2023-11-14 22:13:20 UTC.
        #expect(made.token.created == "2023-11-14 22:13:20")
        let secret = try #require(made.secret)
        #expect(secret.hasPrefix("coffee_"))
        await presenter.create(name: "board", role: .reports)
        await presenter.loadTokens()
        let list = try #require(presenter.tokens.value)
        // Oldest first; made at the same instant (a fixed clock), by name.
        #expect(list.tokens.map(\.name) == ["board", "till-1"])
        #expect(list.tokens.map(\.role) == [.reports, .staff])
        let json = String(decoding: try JSONEncoder().encode(list), as: UTF8.self)
        #expect(!json.contains(secret))
    }

    @Test("revoking says which token went and shows no secret; a second time fails typed")
    func revoke() async throws {
        let presenter = presenter()
        await presenter.create(name: "till-1", role: .staff)
        await presenter.revoke(named: "till-1")
        let revoked = try #require(presenter.token.value)
        #expect(revoked.change == .revoked && revoked.token.name == "till-1" && revoked.secret == nil)
        await presenter.revoke(named: "till-1")
        #expect(error(presenter.token) == .tokenNotFound(name: "till-1"))
        await presenter.loadTokens()
        #expect(presenter.tokens.value?.tokens.isEmpty == true)
    }

    @Test("a duplicate or malformed name fails the token with its typed error")
    func refusals() async {
        let presenter = presenter()
        await presenter.create(name: "till-1", role: .staff)
        await presenter.create(name: "till-1", role: .reports)
        #expect(error(presenter.token) == .duplicateTokenName(name: "till-1"))
        await presenter.create(name: "two words", role: .staff)
        #expect(error(presenter.token) == .notATokenName(text: "two words"))
    }
}
