import ColorEventsEntity
import ColorEventsPresenter
import Core
import Foundation
import TerminalUI
import Testing

@testable import ColorEventsApp

@Suite("color-events web views")
struct WebViewsTests {
    @Test("a scene as text and as HTML shows the same screens, colours, states and selected tab")
    func sameFacts() throws {
        var scene = SceneState()
        let tomato = try #require(RGBColor(hex: "#FF6347"))
        let teal = try #require(RGBColor(hex: "#008080"))
        scene.left = ScreenState(.left, color: tomato, viewState: .loaded(ScreenContent(.left)))
        scene.right = ScreenState(.right, color: teal, viewState: .loading)
        scene.selectedTab = .right
        let snapshot = SceneSnapshot(scene)
        let text = Views.screens(snapshot).text(TerminalEnvironment(stdoutIsTTY: false, stderrIsTTY: false))
        let html = WebViews.scene(snapshot, events: []).render()
        for screen in snapshot.screens {
            let row = try #require(text.split(separator: "\n").first { $0.hasPrefix(screen.screen.rawValue + " ") })
            #expect(row.contains(screen.phase.rawValue))
            let box = Self.section("screen-\(screen.screen.rawValue)", in: html)
            #expect(box.contains("state: \(screen.phase.rawValue)"))
            if let color = screen.color, let name = screen.colorName {
                #expect(row.contains(name) && row.contains(color.hex))
                #expect(box.contains("fill=\"\(color.hex)\""))
                #expect(box.contains(">\(name) \(color.hex)<"))
            } else {
                #expect(row.contains("-"))
                #expect(box.contains(">No colour yet<"))
            }
            #expect(row.contains("selected") == screen.selected)
            #expect(box.contains("selected tab") == screen.selected)
        }
        #expect(text.contains("tomato") && html.contains("tomato"))
        #expect(text.contains("teal") && html.contains("teal"))
    }

    /// The `<section id="id" …>…</section>` of a page.
    static func section(_ id: String, in html: String) -> String {
        guard let start = html.range(of: "<section id=\"\(id)\""),
            let end = html[start.upperBound...].range(of: "</section>")
        else { return "" }
        return String(html[start.lowerBound..<end.upperBound])
    }
}
