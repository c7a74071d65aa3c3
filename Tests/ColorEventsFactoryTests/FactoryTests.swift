import ColorEventsEntity
import ColorEventsFactory
import ColorEventsPresenter
import Core
import Foundation
import TestSupport
import Testing

@MainActor
@Suite("The factory")
struct FactoryTests {
    @Test("live keeps the journal on disk: a new scene over the same file picks up the same state")
    func livePersists() async throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("events.sqlite").path
        let first = try await ColorEventsFactory.live(databasePath: path, seed: 5)
        try await first.send([.changeBothSidesColors, .selectRight])
        let second = try await ColorEventsFactory.live(databasePath: path, seed: 6)
        #expect(second.snapshot == first.snapshot)
        #expect(second.tabs.selected == .right)
        #expect(try second.journal(limit: nil).count == 2)
    }

    @Test("without --db the journal is $XDG_DATA_HOME/strata/color-events.sqlite")
    func defaultLocation() async throws {
        let directory = try TemporaryDirectory()
        let scene = try await ColorEventsFactory.live(environment: ["XDG_DATA_HOME": directory.url.path])
        try await scene.send([.reset])
        #expect(FileManager.default.fileExists(atPath: directory.path("strata/color-events.sqlite").path))
    }

    @Test("a database that cannot be opened is a storage error naming the path")
    func unopenable() async throws {
        let directory = try TemporaryDirectory()
        let blocker = directory.path("file")
        try Data().write(to: blocker)
        let error = await #expect(throws: MessageError.self) {
            _ = try await ColorEventsFactory.live(databasePath: blocker.appendingPathComponent("x.sqlite").path)
        }
        #expect(error?.kind == .storage)
        #expect(error?.message.contains(blocker.path) == true)
    }

    @Test("each scene gets its own bus: nothing is global")
    func noGlobalState() async throws {
        let one = ColorEventsFactory.inMemory(seed: 1)
        let two = ColorEventsFactory.inMemory(seed: 1)
        try await one.send([.changeLeftColor])
        #expect(one.left.color != nil)
        #expect(two.left.color == nil)
        try await two.send([.changeLeftColor])
        #expect(two.left.color == one.left.color, "the same seed gives the same colour")
    }
}
