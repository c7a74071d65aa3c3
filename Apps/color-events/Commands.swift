import AppSupport
import ArgumentParser
import ColorEventsEntity
import ColorEventsFactory
import ColorEventsPresenter
import Core
import Foundation
import TerminalUI

/// `color-events send EVENT...`: sends events, then prints every screen's state.
struct Send: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Send events in order and print every screen's state afterwards.",
        discussion: """
            Run `color-events events` for the event names and what each one triggers. \
            --format plain prints one line per event sent: its number, its name and its actions.

            Example: color-events send changeBothSidesColors selectRight
            """
    )

    @OptionGroup var options: CommonOptions

    @OptionGroup var output: FormatOptions

    @Argument(help: "The events to send, such as changeBothSidesColors.")
    var events: [String]

    func run() async throws {
        try await ErrorWording.reporter.run { try await execute() }
    }

    @MainActor
    private func execute() async throws {
        guard !events.isEmpty else {
            throw MessageError.usage("name at least one event; run `color-events events` for the list")
        }
        // Every name is checked before anything is sent, so a typo sends nothing.
        let parsed = try events.map(Event.named)
        try await options.withScene { scene, _ in
            await scene.send(parsed)
            let sent = try scene.sent.result()
            try Views.sent(sent, screens: scene.snapshot).print(as: output.format)
        }
    }
}

/// `color-events events`: the event -> actions table.
struct Events: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Print which actions each event triggers, in order.",
        discussion: "Example: color-events events --format plain")

    @OptionGroup var options: CommonOptions

    @OptionGroup var output: FormatOptions

    func run() async throws {
        try await ErrorWording.reporter.run { try await execute() }
    }

    @MainActor
    private func execute() async throws {
        // The table needs no journal: an in-memory feature lists it without opening the file.
        let scene = ColorEventsFactory.inMemory().makeScenePresenter()
        await scene.loadEvents()
        try Views.events(scene.events.result()).print(as: output.format)
    }
}

/// `color-events journal`: the sent events, oldest first.
struct Journal: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Print the journal of sent events with the colours they drew.",
        discussion: "Example: color-events journal --limit 5")

    @OptionGroup var options: CommonOptions

    @Option(name: .long, parsing: .unconditional, help: "Show only the last N entries.")
    var limit: Int?

    @OptionGroup var output: FormatOptions

    func run() async throws {
        try await ErrorWording.reporter.run { try await execute() }
    }

    @MainActor
    private func execute() async throws {
        try await options.withScene(access: .readOnly) { scene, _ in
            await scene.loadJournal(limit: limit)
            try Views.journal(scene.journal.result()).print(as: output.format)
        }
    }
}

/// `color-events replay`: the state rebuilt from the journal alone.
struct Replay: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Rebuild every screen's state from the journal and print it.",
        discussion: "Example: color-events replay --format json")

    @OptionGroup var options: CommonOptions

    @OptionGroup var output: FormatOptions

    func run() async throws {
        try await ErrorWording.reporter.run { try await execute() }
    }

    @MainActor
    private func execute() async throws {
        try await options.withScene(access: .readOnly) { scene, _ in
            await scene.replay()
            try Views.screens(scene.replayed.result()).print(as: output.format)
        }
    }
}
