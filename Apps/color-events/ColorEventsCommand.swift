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
            try await options.withSceneOrFresh { try Views.screens($0.snapshot).print(as: .text) }
        }
    }
}

/// Options every command shares: where the journal lives and how colours are drawn.
struct CommonOptions: ParsableArguments {
    @Option(
        name: .long,
        help: "The SQLite file (default: $STRATA_COLOR_EVENTS_DB, else $XDG_DATA_HOME/strata/color-events.sqlite).")
    var db: String?

    @Option(
        help: ArgumentHelp(
            "Keep the journal in PostgreSQL instead of a file, shared by every server and command that names it, "
                + "such as postgres://user@127.0.0.1:5432/colors (default: $\(DatabaseURL.variable(app: "color-events"))).",
            valueName: "url"))
    var database: String?

    @Option(name: .long, parsing: .unconditional, help: "Seed for the random colours, so a run can be repeated.")
    var seed: UInt64?

    /// The feature on the journal `--database` or `--db` names, its colours from `--seed`.
    ///
    /// `.readOnly` for commands that only print the journal or the state: a missing file is
    /// reported, not created (PostgreSQL is shared, so its access is its own to decide).
    func feature(access: StorageAccess = .readWrite) throws -> ColorEventsFeature {
        let others = db == nil ? [] : ["--db"]
        if let url = try DatabaseURL.resolve(app: "color-events", option: database, others: others) {
            return try ColorEventsFactory.postgres(databaseURL: url, seed: seed)
        }
        return try ColorEventsFactory.live(
            databaseURL: try DatabasePath.resolve(app: "color-events", option: db), seed: seed, access: access)
    }

    /// Runs `body` with the presenters brought to the state the journal leads to, and the
    /// journal ready for as long as it runs.
    @MainActor
    func withScene<Result: Sendable>(
        access: StorageAccess = .readWrite,
        _ body: @MainActor (ScenePresenter, ColorEventsFeature) async throws -> Result
    ) async throws -> Result {
        try await Self.withScene(of: try feature(access: access), body)
    }

    /// As `withScene`, read-only; before there is a journal file, the screens a new one starts
    /// from (printing them must not create the file).
    @MainActor
    func withSceneOrFresh<Result: Sendable>(_ body: @MainActor (ScenePresenter) async throws -> Result)
        async throws -> Result
    {
        let feature: ColorEventsFeature
        do {
            feature = try self.feature(access: .readOnly)
        } catch let error as StorageError where error.cause == .missing {
            feature = ColorEventsFactory.inMemory(seed: seed, clock: .live)
        }
        return try await Self.withScene(of: feature) { scene, _ in try await body(scene) }
    }

    @MainActor
    private static func withScene<Result: Sendable>(
        of feature: ColorEventsFeature, _ body: @MainActor (ScenePresenter, ColorEventsFeature) async throws -> Result
    ) async throws -> Result {
        try await feature.run {
            let scene = feature.makeScenePresenter()
            await scene.restore()
            _ = try scene.restored.result()
            return try await body(scene, feature)
        }
    }
}

/// The output option of every command that prints a result.
struct FormatOptions: ParsableArguments {
    @Option(name: .long, help: OutputFormat.help)
    var format: OutputFormat = .text
}
