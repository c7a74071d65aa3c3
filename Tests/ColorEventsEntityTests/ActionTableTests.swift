import ColorEventsEntity
import Core
import Foundation
import Testing

@Suite("The event -> actions table")
struct ActionTableTests {
    @Test("the seed's example: changeBothSidesColors triggers the Left and Right colour changes, in that order")
    func seedExample() {
        let actions = ActionTable.standard.actions(for: .changeBothSidesColors)
        #expect(actions.count == 2)
        #expect(actions.first as? LeftAction == .changeLeftColor(.random))
        #expect(actions.last as? RightAction == .changeRightColor(.random))
        #expect(!actions.contains { $0 is CenterAction })
    }

    @Test("every event has a row, and no row holds a default action")
    func complete() {
        for event in Event.allCases {
            #expect(ActionTable.standard.rows[event] != nil, "no row for \(event)")
            #expect(!ActionTable.standard.actions(for: event).contains { $0.isDefault })
        }
        #expect(ActionTable.standard.actions(for: .initial).isEmpty)
    }

    @Test("recorded colours are put back in action order; too few or too many is damaged data")
    func recordedColours() throws {
        let (a, b) = (RGBColor(red: 1, green: 2, blue: 3), RGBColor(red: 4, green: 5, blue: 6))
        let actions = try ActionTable.standard.actions(for: .changeBothSidesColors, recordedColors: [a, b])
        #expect(actions.first as? LeftAction == .changeLeftColor(.fixed(a)))
        #expect(actions.last as? RightAction == .changeRightColor(.fixed(b)))
        #expect(actions.map(\.color) == [a, b])
        for colors in [[a], [a, b, a]] {
            #expect(
                throws: ColorEventsError.colorCountMismatch(
                    event: .changeBothSidesColors, expected: 2, recorded: colors.count)
            ) {
                try ActionTable.standard.actions(for: .changeBothSidesColors, recordedColors: colors)
            }
        }
        #expect(ColorEventsError.colorCountMismatch(event: .reset, expected: 0, recorded: 1).kind == .badData)
    }

    @Test("an unknown event name is a usage error that carries every known event")
    func unknownEvent() throws {
        #expect(try Event.named("reset") == .reset)
        #expect(throws: ColorEventsError.unknownEvent(name: "changeColour", known: Event.allCases)) {
            try Event.named("changeColour")
        }
        #expect(ColorEventsError.unknownEvent(name: "x", known: []).kind == .usage)
    }

    @Test("action names read as the table prints them")
    func names() {
        #expect(LeftAction.changeLeftColor(.random).name == "changeLeftColor(random)")
        #expect(
            RightAction.changeRightColor(.fixed(RGBColor(red: 255, green: 99, blue: 71))).name
                == "changeRightColor(#FF6347)")
        #expect(CenterAction.changeStateTo(.loading).name == "changeStateTo(loading)")
        #expect(TabAction.select(.left).name == "select(left)")
        #expect(TabAction.audience == "Tabs" && LeftAction.audience == "Left")
    }
}
