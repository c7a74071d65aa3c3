import AppSupport
import TerminalUI
import Testing

@Suite("One view data, three formats")
struct RenderingTests {
    struct Point: Encodable {
        let name: String
        let x: Int
    }

    static func points(_ points: [Point]) -> Rendering {
        Rendering(
            text: { terminal in
                var table = Table(columns: [.init("NAME", flexible: true), .init("X", alignment: .trailing)])
                for point in points { table.append([point.name, String(point.x)]) }
                return table.render(style: Style(terminal), fitting: terminal.fitWidth)
            },
            plain: { points.map { [$0.name, String($0.x)] } }, json: { points })
    }

    static let pipe = TerminalEnvironment(stdoutIsTTY: false, stderrIsTTY: false)

    @Test("text is laid out for the terminal; plain is tab-separated records; JSON is the apps' one style")
    func formats() throws {
        let rendering = Self.points([Point(name: "origin of the plane", x: 0), Point(name: "b", x: 12)])
        let narrow = TerminalEnvironment(
            stdoutIsTTY: true, stderrIsTTY: true, variables: ["NO_COLOR": "1"], columns: 14)
        #expect(try rendering.output(as: .text, terminal: narrow) == "NAME         X\norigin of…   0\nb           12")
        #expect(try rendering.output(as: .text, terminal: Self.pipe)?.contains("origin of the plane") == true)
        #expect(try rendering.output(as: .plain, terminal: narrow) == "origin of the plane\t0\nb\t12")
        #expect(
            try rendering.output(as: .json, terminal: narrow)
                == "[\n  {\n    \"name\" : \"origin of the plane\",\n    \"x\" : 0\n  },\n  {\n    \"name\" : \"b\",\n    \"x\" : 12\n  }\n]"
        )
    }

    @Test("an empty list prints no plain line at all, and JSON is encoded only when asked for")
    func emptyAndLazy() throws {
        #expect(try Self.points([]).output(as: .plain, terminal: Self.pipe) == nil)
        struct Unencodable: Encodable, Error {
            func encode(to encoder: any Encoder) throws { throw self }
        }
        let failing = Rendering(text: { _ in "fine" }, plain: { [["fine"]] }, json: { Unencodable() })
        #expect(try failing.output(as: .text, terminal: Self.pipe) == "fine")
        #expect(throws: Unencodable.self) { try failing.output(as: .json, terminal: Self.pipe) }
    }
}
