import ArgumentParser
import ColorEventsEntity
import ColorEventsPresenter
import Core
import Foundation
import TerminalUI

/// `color-events send EVENT...`: sends events, then prints every screen's state.
struct Send: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Send events in order and print every screen's state afterwards.",
        discussion: "Run `color-events events` for the event names and what each one triggers."
    )

    @OptionGroup var options: StoreOptions

    @Option(name: .long, help: "Output format: text or json.")
    var format: OutputFormat = .text

    @Argument(help: "The events to send, such as changeBothSidesColors.")
    var events: [String]

    @MainActor
    func run() async throws {
        try await reportingErrors {
            guard !events.isEmpty else { throw DomainError.usage("name at least one event; run `color-events events` for the list") }
            // Every name is checked before anything is sent, so a typo sends nothing.
            let parsed = try events.map(Event.named)
            let scene = try await options.makeScene()
            let sent = try await scene.send(parsed)
            switch format {
            case .text: print(Output.sent(sent) + "\n" + Output.screens(scene.snapshot, style: options.style))
            case .json: print(try JSONOutput.string(SendResult(sent: sent, screens: scene.snapshot)))
            }
        }
    }

    private struct SendResult: Encodable {
        let sent: [SentRow]
        let screens: SceneSnapshot
    }
}

/// `color-events events`: the event -> actions table.
struct Events: AsyncParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Print which actions each event triggers, in order.")

    @OptionGroup var options: StoreOptions

    @Option(name: .long, help: "Output format: text or json.")
    var format: OutputFormat = .text

    @MainActor
    func run() async throws {
        try await reportingErrors {
            let rows = ColorEventsScene.eventTable()
            switch format {
            case .text: print(Output.events(rows, style: options.style))
            case .json: print(try JSONOutput.string(rows))
            }
        }
    }
}

/// `color-events journal`: the sent events, oldest first.
struct Journal: AsyncParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Print the journal of sent events with the colours they drew.")

    @OptionGroup var options: StoreOptions

    @Option(name: .long, help: "Show only the last N entries.")
    var limit: Int?

    @Option(name: .long, help: "Output format: text or json.")
    var format: OutputFormat = .text

    @MainActor
    func run() async throws {
        try await reportingErrors {
            let rows = try await options.makeScene().journal(limit: limit)
            switch format {
            case .text: print(Output.journal(rows, style: options.style))
            case .json: print(try JSONOutput.string(rows))
            }
        }
    }
}

/// `color-events replay`: the state rebuilt from the journal alone.
struct Replay: AsyncParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Rebuild every screen's state from the journal and print it.")

    @OptionGroup var options: StoreOptions

    @Option(name: .long, help: "Output format: text or json.")
    var format: OutputFormat = .text

    @MainActor
    func run() async throws {
        try await reportingErrors {
            let snapshot = try await options.makeScene().replayed()
            switch format {
            case .text: print(Output.screens(snapshot, style: options.style))
            case .json: print(try JSONOutput.string(snapshot))
            }
        }
    }
}
