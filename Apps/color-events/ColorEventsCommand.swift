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
        subcommands: [Run.self, Send.self, Events.self, Journal.self, Replay.self]
    )

    @OptionGroup var options: CommonOptions

    @MainActor
    func run() async throws {
        try await reportingErrors {
            if Terminal.stdinIsTTY {
                try await Interactive(options: options).run()
            } else {
                let scene = try await options.makeScene()
                print(Output.screens(scene.snapshot, style: options.style))
            }
        }
    }
}

/// Options every command shares: where the journal lives and how colours are drawn.
struct CommonOptions: ParsableArguments {
    @Option(name: .long, help: "The journal database (default: $XDG_DATA_HOME/strata/color-events.sqlite).")
    var db: String?

    @Option(name: .long, help: "Seed for the random colours, so a run can be repeated.")
    var seed: UInt64?

    /// The presenters over the journal, brought to the state the journal leads to.
    @MainActor
    func makeScene() async throws -> ColorEventsScene {
        try await ColorEventsFactory.live(databasePath: db, seed: seed)
    }

    /// The terminal's styling: colour only on a TTY without NO_COLOR.
    var style: Style { Style(TerminalEnvironment.live) }
}

/// The output option of every command that prints a result.
struct FormatOptions: ParsableArguments {
    @Option(name: .long, help: "Output format: text or json.")
    var format: OutputFormat = .text
}

/// How a command prints its result.
enum OutputFormat: String, ExpressibleByArgument, CaseIterable {
    case text, json

    /// Prints `value` as JSON, or as the text `text` makes of it.
    func print<Value: Encodable>(_ value: Value, text: (Value) -> String) throws {
        switch self {
        case .text: Swift.print(text(value))
        case .json: Swift.print(try JSONOutput.string(value))
        }
    }
}

/// Runs `body`, turning any failure into the one-line error and the exit code of its kind.
@MainActor
func reportingErrors(_ body: @MainActor () async throws -> Void) async throws {
    do {
        try await body()
    } catch let exit as ExitCode {
        throw exit
    } catch {
        ErrorOutput.report(tool: "color-events", error)
        throw ExitCode(MessageError.wrap(error).exitCode)
    }
}
