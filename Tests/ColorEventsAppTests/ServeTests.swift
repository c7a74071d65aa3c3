import Foundation
import TestSupport
import Testing

@Suite("color-events serve")
struct ServeTests {
    @Test("sending changeBothSidesColors from the page draws the CLI's colours on both side screens, journaled")
    func sendFromPage() async throws {
        let directory = try TemporaryDirectory()
        let server = try ServedApp(
            product: "color-events", arguments: ["--db", directory.path("served.sqlite").path, "--seed", "42"])
        defer { server.stop() }
        let before = try await WebClient.get(server.url + "/")
        #expect(before.status == 200)
        #expect(before.body.contains("No colour yet"))
        // A screen with no colour is an outlined empty pane, never a white fill on a white page.
        #expect(!before.body.contains("fill=\"#FFFFFF\"") && before.body.contains("class=\"paint empty\""))
        // Buttons say what they do in words; the event no screen hears has none.
        #expect(before.body.contains(">Change both sides</button>"))
        #expect(!before.body.contains(">changeBothSidesColors</button>"))
        #expect(!before.body.contains("id=\"send-initial\""))
        let after = try await WebClient.post(server.url + "/events", form: [("event", "changeBothSidesColors")])
        #expect(after.status == 200)
        // The terminal's record of the same send on a fresh journal with the same seed.
        let cli = try BinaryRunner(product: "color-events").run([
            "send", "--seed", "42", "--db", directory.path("cli.sqlite").path, "--format", "json",
            "changeBothSidesColors",
        ])
        let sent = try JSONDecoder().decode(Sent.self, from: Data(cli.stdout.utf8))
        for screen in ["left", "right"] {
            let drawn = try #require(sent.screens.screens.first { $0.screen == screen })
            let hex = try #require(drawn.color)
            let box = Self.section("screen-\(screen)", in: after.body)
            #expect(box.contains("fill=\"\(hex)\""))
            #expect(box.contains("\(drawn.colorName ?? "") \(hex)"))
        }
        let journal = try await WebClient.get(server.url + "/journal")
        #expect(journal.body.contains(">changeBothSidesColors</td>"))
        let replay = try await WebClient.get(server.url + "/replay")
        for screen in ["left", "right"] {
            let live = Self.section("screen-\(screen)", in: after.body)
            let fill = live.range(of: ##"fill="#[0-9A-F]{6}""##, options: .regularExpression).map { String(live[$0]) }
            #expect(fill != nil)
            #expect(Self.section("replayed-\(screen)", in: replay.body).contains(fill ?? "none"))
        }
    }

    @Test("an unknown event is refused on the page with the reason, and nothing is journaled")
    func unknownEvent() async throws {
        let directory = try TemporaryDirectory()
        let server = try ServedApp(product: "color-events", arguments: ["--db", directory.path("j.sqlite").path])
        defer { server.stop() }
        let refused = try await WebClient.post(server.url + "/events", form: [("event", "<i>boom</i>")])
        #expect(refused.status == 422)
        #expect(refused.body.contains("There is no event named"))
        #expect(!refused.body.contains("<i>boom"))
        let journal = try await WebClient.get(server.url + "/journal")
        #expect(journal.body.contains("The journal is empty"))
    }

    /// What `send --format json` prints, the part this test reads.
    struct Sent: Decodable {
        struct Screens: Decodable { let screens: [Screen] }
        struct Screen: Decodable {
            let screen: String
            let color: String?
            let colorName: String?
        }
        let screens: Screens
    }

    /// The `<section id="id" …>…</section>` of a page.
    static func section(_ id: String, in html: String) -> String {
        guard let start = html.range(of: "<section id=\"\(id)\""),
            let end = html[start.upperBound...].range(of: "</section>")
        else { return "" }
        return String(html[start.lowerBound..<end.upperBound])
    }
}
