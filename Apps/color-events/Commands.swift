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

    @OptionGroup var options: CommonOptions

    @OptionGroup var output: FormatOptions

    @Argument(help: "The events to send, such as changeBothSidesColors.")
    var events: [String]

    @MainActor
    func run() async throws {
        try await reportingErrors {
            guard !events.isEmpty else { throw MessageError.usage("name at least one event; run `color-events events` for the list") }
            // Every name is checked before anything is sent, so a typo sends nothing.
            let parsed = try events.map(Event.named)
            let scene = try await options.makeScene()
            let sent = try await scene.send(parsed)
            try output.format.print(SendResult(sent: sent, screens: scene.snapshot)) { result in
                Output.sent(result.sent) + "\n" + Output.screens(result.screens, style: options.style)
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

    @OptionGroup var options: CommonOptions

    @OptionGroup var output: FormatOptions

    @MainActor
    func run() async throws {
        try await reportingErrors {
            try output.format.print(ColorEventsScene.eventTable()) { Output.events($0, style: options.style) }
        }
    }
}

/// `color-events journal`: the sent events, oldest first.
struct Journal: AsyncParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Print the journal of sent events with the colours they drew.")

    @OptionGroup var options: CommonOptions

    @Option(name: .long, help: "Show only the last N entries.")
    var limit: Int?

    @OptionGroup var output: FormatOptions

    @MainActor
    func run() async throws {
        try await reportingErrors {
            let rows = try await options.makeScene().journal(limit: limit)
            try output.format.print(rows) { Output.journal($0, style: options.style) }
        }
    }
}

/// `color-events replay`: the state rebuilt from the journal alone.
struct Replay: AsyncParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Rebuild every screen's state from the journal and print it.")

    @OptionGroup var options: CommonOptions

    @OptionGroup var output: FormatOptions

    @MainActor
    func run() async throws {
        try await reportingErrors {
            let snapshot = try await options.makeScene().replayed()
            try output.format.print(snapshot) { Output.screens($0, style: options.style) }
        }
    }
}
