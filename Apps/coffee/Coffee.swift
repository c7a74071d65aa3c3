import ArgumentParser
import Core

/// `coffee`: coffee orders, kept in a local database or on an orders server, and the server itself.
@main
struct Coffee: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "coffee",
        abstract: "Take coffee orders and follow them to the counter.",
        discussion: """
            Orders live in $XDG_DATA_HOME/strata/coffee.sqlite unless --db or STRATA_COFFEE_DB names \
            another file; --server URL uses a running `coffee serve` instead. An id may be given by any \
            unique prefix, such as the 8 characters `coffee list` shows.
            """,
        version: StrataVersion.current,
        subcommands: [
            MenuCommand.self, OrderCommand.self, ListCommand.self, ShowCommand.self, AdvanceCommand.self,
            CancelCommand.self, DeleteCommand.self, ReportCommand.self, ServeCommand.self,
            TokenCommand.self,
        ]
    )
}
