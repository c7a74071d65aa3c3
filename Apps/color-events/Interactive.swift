import AppSupport
import ArgumentParser
import ColorEventsEntity
import ColorEventsPresenter
import Foundation
import TerminalUI

/// `color-events run`: the interactive screens.
struct Run: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Show the three screens and send events with keys.",
        discussion: """
            Enter or Space: the Center button (changeBothSidesColors). l, r: one side. 1, 2, 3 or \
            the arrow keys: select a tab. s, d, f: start, finish or fail loading. x: reset. q: quit. \
            On a pipe, input is read a line at a time: an empty line is Enter, and each character \
            of any other line is a key.

            Example: color-events run --seed 7
            """
    )

    @OptionGroup var options: CommonOptions

    func run() async throws {
        try await ErrorWording.reporter.run { try await Interactive(options: options).run() }
    }
}

/// The interactive loop: keys in, events sent, panes redrawn from the presenters.
struct Interactive {
    let options: CommonOptions

    @MainActor
    func run() async throws {
        try await options.withScene { scene, _ in try await play(scene) }
    }

    @MainActor
    private func play(_ scene: ScenePresenter) async throws {
        let environment = TerminalEnvironment.live
        let raw = Terminal.stdinIsTTY
        let renderer = PaneRenderer(
            scene: scene, style: Style(environment), columns: environment.columns,
            fullScreen: raw && environment.stdoutIsTTY)
        let rawMode = RawMode()
        if raw {
            rawMode.enable(
                onSignal: { number in
                    renderer.finish()
                    rawMode.restore()
                    // 128 + the signal, as a shell reports a process the signal ended: HUP 129, INT 130, TERM 143.
                    Foundation.exit(128 + number)
                },
                onResize: { renderer.resize(columns: TerminalEnvironment.live.columns) })
        }
        defer { rawMode.restore() }
        renderer.start()
        defer { renderer.finish() }
        for await key in Terminal.keys(raw: raw) {
            guard let action = Self.action(for: key, selected: scene.tabs.selectedIndex) else { continue }
            guard case .send(let event) = action else { break }
            await scene.send([event])
            _ = try scene.sent.result()
            renderer.redrawIfChanged()
            if let failure = renderer.failure { throw failure }
        }
        renderer.finish()
        if let failure = renderer.failure { throw failure }
    }

    private enum KeyAction: Equatable {
        case send(Event)
        case quit
    }

    /// What a key does; `nil` for keys that do nothing.
    private static func action(for key: Key, selected: Int) -> KeyAction? {
        switch key {
        case .enter, .space: return .send(.changeBothSidesColors)
        case .quit: return .quit
        case .left: return .send(select(neighbour: -1, of: selected))
        case .right: return .send(select(neighbour: 1, of: selected))
        case .character(let character):
            let events: [Character: Event] = [
                "l": .changeLeftColor, "r": .changeRightColor, "x": .reset,
                "1": .selectLeft, "2": .selectCenter, "3": .selectRight,
                "s": .startLoading, "d": .finishLoading, "f": .failLoading,
            ]
            if character == "q" { return .quit }
            return events[character].map(KeyAction.send)
        }
    }

    private static func select(neighbour offset: Int, of selected: Int) -> Event {
        let events = [Event.selectLeft, .selectCenter, .selectRight]
        return events[min(max(selected + offset, 0), events.count - 1)]
    }
}
