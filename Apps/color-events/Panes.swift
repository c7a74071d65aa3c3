import AppSupport
import ColorEventsEntity
import ColorEventsPresenter
import Core
import Foundation
import TerminalUI

/// Draws the three screens side by side, and draws them again whenever a presenter changes.
///
/// Redraws are driven by the presenters' state through Observation: reading the presenters
/// to build a frame registers interest in exactly what was read, and a change to it marks the
/// panes stale. On a terminal a stale frame is redrawn as soon as the main actor is free; on a
/// pipe it is redrawn once the key being handled has been delivered everywhere, so the output
/// holds one whole frame per key that changed something and can be read by a test.
@MainActor
final class PaneRenderer {
    private let scene: ScenePresenter
    private let style: Style
    private var paneWidth: Int
    private let fullScreen: Bool
    private let frame = ObservedFrame()
    private var lastFrame: String?
    /// The first write that did not arrive; nothing more is drawn after it, and the loop throws it.
    private(set) var failure: OutputError?
    private var finished = false

    /// Creates a renderer for a terminal `columns` wide; `fullScreen` takes over a TTY.
    init(scene: ScenePresenter, style: Style, columns: Int, fullScreen: Bool) {
        self.scene = scene
        self.style = style
        self.fullScreen = fullScreen
        paneWidth = Self.paneWidth(columns: columns, style: style)
    }

    private static func paneWidth(columns: Int, style: Style) -> Int {
        max(14, (columns - 2 * separator(style).count) / 3)
    }

    /// Lays the panes out again for a terminal now `columns` wide (SIGWINCH) and redraws them.
    func resize(columns: Int) {
        paneWidth = Self.paneWidth(columns: columns, style: style)
        lastFrame = nil
        redrawIfChanged()
    }

    /// Draws the first frame and starts following the presenters.
    func start() {
        if fullScreen { write("\u{1B}[?1049h\u{1B}[?25l") }
        redrawIfChanged()
    }

    /// Draws a frame if Observation reported a change to what the last frame showed.
    func redrawIfChanged() {
        guard frame.takeChange() || lastFrame == nil else { return }
        let redrawsAtOnce = fullScreen
        let text = frame.draw(render) { [weak self] in
            if redrawsAtOnce { Task { @MainActor in self?.redrawIfChanged() } }
        }
        // A change that leaves the panes as they were (a colour set to itself) draws nothing.
        guard text != lastFrame else { return }
        lastFrame = text
        write(fullScreen ? "\u{1B}[H\u{1B}[2J" + text + "\n" + Self.help + "\n" : text + "\n\n")
    }

    /// Draws what changed last, and gives the terminal back; once, however often it is called.
    func finish() {
        guard !finished else { return }
        finished = true
        redrawIfChanged()
        if fullScreen { write("\u{1B}[?25h\u{1B}[?1049l") }
    }

    /// The keys, as the bottom line shows them.
    static let help =
        "Enter/Space: change both sides · l/r: one side · 1 2 3 or ←/→: tabs · s/d/f: load/done/fail · x: reset · q: quit"

    private func render() -> String {
        let selected = scene.tabs.selectedIndex
        let panes = scene.screens.enumerated().map { index, screen in pane(screen, selected: index == selected) }
        let height = panes.map(\.count).max() ?? 0
        return (0..<height).map { row in
            panes.map { $0[row] }.joined(separator: Self.separator(style))
        }.joined(separator: "\n")
    }

    /// One pane's lines, each exactly `paneWidth` columns, on the screen's colour.
    private func pane(_ presenter: ScreenPresenter, selected: Bool) -> [String] {
        // The selected pane shows its colour with a label (the seed's ColorModel.withLabel);
        // without colour on the terminal, every pane names its colour instead.
        let colour = presenter.background
        let labelled = colour.map { selected || !style.enabled ? "\($0.name) \($0.color.hex)" : "" }
        let title = selected ? "[\(presenter.title)]" : presenter.title
        let colourLine = labelled ?? (style.enabled ? "" : "no colour")
        let button = presenter.button.map { "( \($0) )" } ?? ""
        let lines = ["", title, colourLine, phase(presenter.content), button, ""].map(centered)
        guard style.enabled else { return lines }
        let (red, green, blue) = colour.map { ($0.color.red, $0.color.green, $0.color.blue) } ?? (255, 255, 255)
        let ink: UInt8 = Self.isLight(red: red, green: green, blue: blue) ? 0 : 255
        return lines.map { line in
            style.background(
                style.foreground(line, red: ink, green: ink, blue: ink), red: red, green: green, blue: blue)
        }
    }

    private func phase(_ state: ViewState<ScreenViewData>) -> String {
        switch state {
        case .initial: "initial"
        case .loading: "loading…"
        case .loaded: "loaded"
        case .failed(let failure): "failed: \(ErrorWording.reporter.message(for: failure))"
        }
    }

    private func centered(_ text: String) -> String {
        let cut = DisplayWidth.truncate(text, to: paneWidth - 2)
        let left = (paneWidth - DisplayWidth.of(cut)) / 2
        return DisplayWidth.pad(String(repeating: " ", count: left) + cut, to: paneWidth)
    }

    private static func separator(_ style: Style) -> String { style.enabled ? " " : " | " }

    /// Writes through the one output path; a failure is kept for the loop to throw (redraws
    /// also run from Observation's callbacks, which cannot throw).
    private func write(_ text: String) {
        guard failure == nil else { return }
        do {
            try StandardOutput.write(text)
        } catch {
            failure = error
        }
    }
}

extension PaneRenderer {
    /// Whether dark text reads better on this colour (relative luminance above the midpoint).
    static func isLight(red: UInt8, green: UInt8, blue: UInt8) -> Bool {
        0.2126 * Double(red) + 0.7152 * Double(green) + 0.0722 * Double(blue) > 140
    }
}
