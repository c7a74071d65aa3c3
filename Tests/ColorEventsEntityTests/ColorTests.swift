import ColorEventsEntity
import Core
import Foundation
import Testing

@Suite("Colours")
struct ColorTests {
    @Test("hex codes round-trip; anything else is refused")
    func hex() {
        let tomato = RGBColor(red: 255, green: 99, blue: 71)
        #expect(tomato.hex == "#FF6347")
        #expect(RGBColor(hex: "#ff6347") == tomato)
        #expect(RGBColor(hex: "FF6347") == tomato)
        #expect(RGBColor(red: 0, green: 10, blue: 1).hex == "#000A01")
        for bad in ["", "#FF634", "#FF63477", "#GG6347", "tomato", "#+F6347"] {
            #expect(RGBColor(hex: bad) == nil, "\(bad)")
        }
    }

    @Test("JSON writes a colour as its hex code")
    func codable() throws {
        let color = RGBColor(red: 18, green: 52, blue: 86)
        let data = try JSONEncoder().encode([color])
        #expect(String(decoding: data, as: UTF8.self) == ##"["#123456"]"##)
        #expect(try JSONDecoder().decode([RGBColor].self, from: data) == [color])
        #expect(throws: DecodingError.self) { try JSONDecoder().decode([RGBColor].self, from: Data(#"["blue"]"#.utf8)) }
    }

    @Test("the 148 CSS named colours, each name once")
    func namedColours() {
        #expect(CSSColor.all.count == 148)
        #expect(Set(CSSColor.all.map(\.name)).count == 148)
        #expect(
            CSSColor.all.contains {
                $0.name == "rebeccapurple" && $0.color == RGBColor(red: 0x66, green: 0x33, blue: 0x99)
            })
    }

    @Test("an exact colour gets its own name (the first alias for shared values)")
    func exactNames() {
        for named in CSSColor.all {
            let expected = CSSColor.all.first { $0.color == named.color }?.name
            #expect(named.color.nearestName == expected)
        }
        #expect(RGBColor(red: 0, green: 255, blue: 255).nearestName == "aqua")
        #expect(RGBColor(red: 128, green: 128, blue: 128).nearestName == "gray")
    }

    @Test(
        "a colour near a named one gets that name",
        arguments: [
            ("#FE6248", "tomato"), ("#010101", "black"), ("#FEFEFE", "white"), ("#F00008", "red"),
            ("#0000F0", "blue"), ("#7F7F7F", "gray"), ("#654321", "saddlebrown"), ("#FFD701", "gold"),
        ])
    func nearest(hex: String, name: String) throws {
        let color = try #require(RGBColor(hex: hex))
        #expect(color.nearestName == name)
    }

    @Test("a seeded source draws the same colours every time")
    func seededRandom() {
        let first = (0..<5).map { _ in RGBColor.random(using: .seeded(9)) }
        let source = RandomSource.seeded(9)
        let again = RandomSource.seeded(9)
        let a = (0..<5).map { _ in RGBColor.random(using: source) }
        let b = (0..<5).map { _ in RGBColor.random(using: again) }
        #expect(a == b)
        #expect(Set(a).count == 5)
        #expect(first.allSatisfy { $0 == a[0] })
    }

    @Test("a colour model shows plain or with its label")
    func colorModel() {
        let model = ColorModel(RGBColor(red: 255, green: 99, blue: 71))
        #expect(model.variant == .plain)
        #expect(model.label == nil)
        #expect(model.displayed(as: .withLabel).label == "tomato #FF6347")
        #expect(model.displayed(as: .withLabel).id == model.id)
    }
}
