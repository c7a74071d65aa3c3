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
    @Test("live keeps the journal on disk: a new feature over the same file picks up the same state")
    func livePersists() async throws {
        let directory = try TemporaryDirectory()
        let url = directory.path("events.sqlite")
        let first = try ColorEventsFactory.live(databaseURL: url, seed: 5).makeScenePresenter()
        await first.send([.changeBothSidesColors, .selectRight])
        _ = try first.sent.result()
        let second = try ColorEventsFactory.live(databaseURL: url, seed: 6).makeScenePresenter()
        await second.restore()
        #expect(try second.restored.result() == first.snapshot)
        #expect(second.tabs.selectedIndex == 2)
        await second.loadJournal(limit: nil)
        #expect(try second.journal.result().count == 2)
    }

    @Test("a database that cannot be opened is a storage error naming the path")
    func unopenable() async throws {
        let directory = try TemporaryDirectory()
        let blocker = directory.path("file")
        try Data().write(to: blocker)
        let error = #expect(throws: StorageError.self) {
            _ = try ColorEventsFactory.live(databaseURL: blocker.appendingPathComponent("x.sqlite"))
        }
        #expect(error?.operation == .open)
        #expect(error?.path?.contains(blocker.path) == true)
    }

    @Test("each feature gets its own bus: nothing is global")
    func noGlobalState() async throws {
        let one = ColorEventsFactory.inMemory(seed: 1).makeScenePresenter()
        let two = ColorEventsFactory.inMemory(seed: 1).makeScenePresenter()
        await one.send([.changeLeftColor])
        #expect(one.left.background != nil)
        #expect(two.left.background == nil)
        await two.send([.changeLeftColor])
        #expect(two.left.background == one.left.background, "the same seed gives the same colour")
    }

    @Test("screen and tab presenters made on their own hear the feature's sends")
    func separatePresenters() async throws {
        let feature = ColorEventsFactory.inMemory(seed: 2)
        let right = feature.makeScreenPresenter(.right)
        let tabs = feature.makeTabPresenter()
        try await feature.useCase.send([.changeRightColor, .selectRight])
        #expect(right.title == "Right" && right.background != nil)
        #expect(tabs.selectedIndex == 2)
    }
}

extension ViewState {
    /// The loaded value, or the failure's typed error thrown (AppSupport's `result()` is the app's).
    func result() throws -> Value {
        switch self {
        case .loaded(let value): return value
        case .failed(let failure): throw failure.error
        case .initial, .loading: throw UnfinishedLoad()
        }
    }
}

struct UnfinishedLoad: Error {}
