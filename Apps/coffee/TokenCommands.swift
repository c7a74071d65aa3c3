import AppSupport
import ArgumentParser
import CoffeeEntity

/// `coffee token create|list|revoke`: the API tokens `coffee serve` checks on its staff routes.
///
/// They live in the orders database (the file, or PostgreSQL), so every server on it knows
/// them at once; a revoked token is refused by the next request.
struct TokenCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "token", abstract: "Make, list and revoke the orders API's staff tokens.",
        discussion: """
            Staff routes (listing all orders, changing, cancelling and deleting them) need \
            `Authorization: Bearer <token>`; `coffee … --server URL` sends --token or $STRATA_COFFEE_TOKEN. \
            A staff token may do everything; a reports token may only read the list.
            """,
        subcommands: [TokenCreateCommand.self, TokenListCommand.self, TokenRevokeCommand.self])
}

/// The options of the token commands: output format and the orders database. No `--server`:
/// tokens live beside the orders, so they are made where the server's database is, never
/// through a server (which would need a token to make the first token).
struct TokenOptions: ParsableArguments {
    @Option(help: OutputFormat.help)
    var format: OutputFormat = .text

    @OptionGroup var store: StoreOptions
}

/// `coffee token create --name NAME [--role staff|reports]`.
struct TokenCreateCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "create", abstract: "Make a token; it is printed this once and only its SHA-256 is stored.")

    @Option(help: "Who holds it, such as till-1 (1 to 60 visible characters, no spaces).")
    var name: String

    @Option(help: "staff (read and change orders) or reports (read only).")
    var role: String = TokenRole.staff.rawValue

    @OptionGroup var common: TokenOptions

    mutating func run() async throws {
        let (common, name, role) = (common, name, role)
        try await ErrorWording.reporter.run { @MainActor in
            guard let role = TokenRole(rawValue: role.lowercased()) else {
                throw MessageError.usage("--role \(Quote.quoted(role)) is not a role; use staff or reports")
            }
            try await common.store.withTokensPresenter { presenter in
                await presenter.create(name: name, role: role)
                try Views.token(presenter.token.result()).print(as: common.format)
            }
        }
    }
}

/// `coffee token list`.
struct TokenListCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "list", abstract: "List the tokens: names, roles, when made (never the tokens).")

    @OptionGroup var common: TokenOptions

    mutating func run() async throws {
        let common = common
        try await ErrorWording.reporter.run { @MainActor in
            try await common.store.withTokensPresenter(access: .readOnly) { presenter in
                await presenter.loadTokens()
                try Views.tokens(presenter.tokens.result()).print(as: common.format)
            }
        }
    }
}

/// `coffee token revoke NAME`.
struct TokenRevokeCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "revoke", abstract: "Revoke a token: the next request with it is refused (401).")

    @Argument(help: "The token's name, as `coffee token list` shows it.")
    var name: String

    @OptionGroup var common: TokenOptions

    mutating func run() async throws {
        let (common, name) = (common, name)
        try await ErrorWording.reporter.run { @MainActor in
            try await common.store.withTokensPresenter { presenter in
                await presenter.revoke(named: name)
                try Views.token(presenter.token.result()).print(as: common.format)
            }
        }
    }
}
