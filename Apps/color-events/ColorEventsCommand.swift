import AppSupport
import ArgumentParser
import ColorEventsFactory
import ColorEventsPresenter
import Core
import Foundation
import TerminalUI

/// `color-events`: one event, many actions — the EV seed's three screens in a terminal.
@main
struct ColorEventsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "color-events",
        abstract: "Send events to three screens; each screen hears only its own actions.",
        discussion: """
            With no subcommand, runs the interactive screens when stdin is a terminal and prints \
            the screens' state otherwise.
            """,
        version: StrataVersion.current,
        subcommands: [Run.self, Send.self, Events.self, Journal.self, Replay.self, ServeCommand.self]
    )

    @OptionGroup var options: CommonOptions

    func run() async throws {
        try await ErrorWording.reporter.run { try await execute() }
    }

    @MainActor
    private func execute() async throws {
        if Terminal.stdinIsTTY {
            try await Interactive(options: options).run()
        } else {
            try Views.screens(await options.restoredSceneOrFresh().snapshot).print(as: .text)
        }
    }
}

/// Options every command shares: where the journal lives and how colours are drawn.
struct CommonOptions: ParsableArguments {
    @Option(
        name: .long,
        help: "The SQLite file (default: $STRATA_COLOR_EVENTS_DB, else $XDG_DATA_HOME/strata/color-events.sqlite).")
    var db: String?

    @Option(name: .long, parsing: .unconditional, help: "Seed for the random colours, so a run can be repeated.")
    var seed: UInt64?

    /// The feature on the journal named by `--db`, its colours from `--seed`.
    ///
    /// `.readOnly` for commands that only print the journal or the state: a missing file is
    /// reported, not created.
    func feature(access: StorageAccess = .readWrite) throws -> ColorEventsFeature {
        try ColorEventsFactory.live(
            databaseURL: try DatabasePath.resolve(app: "color-events", option: db), seed: seed, access: access)
    }

    /// The presenters over the journal, brought to the state the journal leads to.
    @MainActor
    func restoredScene(access: StorageAccess = .readWrite) async throws -> ScenePresenter {
        let scene = try feature(access: access).makeScenePresenter()
        await scene.restore()
        _ = try scene.restored.result()
        return scene
    }

    /// The scene the journal leads to, read-only; before there is a journal, the screens a new one
    /// starts from (printing them must not create the file).
    @MainActor
    func restoredSceneOrFresh() async throws -> ScenePresenter {
        do {
            return try await restoredScene(access: .readOnly)
        } catch let error as StorageError where error.cause == .missing {
            return ColorEventsFactory.inMemory(seed: seed, clock: .live).makeScenePresenter()
        }
    }
}

/// The output option of every command that prints a result.
struct FormatOptions: ParsableArguments {
    @Option(name: .long, help: OutputFormat.help)
    var format: OutputFormat = .text
}
