import Foundation
import StrataTestSupport
import Testing

@testable import StrataLint

/// What the reader finds in a file for the declaration rules.
@Suite("Declaration facts from the reader")
struct DeclarationFactsTests {
    func facts(watching names: Set<String> = [], _ source: String) -> DeclarationFacts {
        SwiftFileReader(watchedNames: names).read(source).declarationFacts
    }

    @Test("types carry their kind, attributes, modifiers and conformances; extensions their added ones")
    func types() {
        let facts = facts(
            """
            @Observable @MainActor
            public final class ListPresenter: Presenting, @unchecked Sendable {}
            struct Item: Core.Identifiable {}
            extension Item: Codable {}
            #if os(Linux)
            actor Cache {}
            #endif
            """)
        #expect(facts.types.map(\.kind) == ["class", "struct", "actor"])
        let presenter = facts.types[0]
        #expect(presenter.attributes == ["Observable", "MainActor"])
        #expect(presenter.modifiers == ["public", "final"])
        #expect(presenter.inherits == ["Presenting", "Sendable"])
        #expect(presenter.position == .init(line: 2, column: 20))
        #expect(facts.types[1].inherits == ["Identifiable"])
        #expect(facts.extensions == [.init(extended: "Item", inherits: ["Codable"])])
    }

    @Test(
        "stored globals, stored statics and nonisolated(unsafe) are mutable state; computed, let, task-local and locals are not"
    )
    func mutableState() {
        let facts = facts(
            """
            var counter = 0
            let limit = 3
            var computed: Int { 4 }
            nonisolated(unsafe) let shared = NSCache<NSString, NSString>()
            enum Settings {
                static var verbose = false { didSet {} }
                static var derived: Bool { verbose }
                static let fixed = 1
                @TaskLocal static var requestID: String?
                var instance = 0
            }
            func work() { var local = 0; local += 1 }
            """)
        #expect(
            facts.mutableState.map(\.description) == [
                "var counter at top level", "nonisolated(unsafe) shared", "static var verbose",
            ])
        #expect(facts.mutableState.map(\.position.line) == [1, 4, 6])
    }

    @Test("a watched name is found as a type, a call, a member access; `x.print` is someone else's member")
    func references() {
        let facts = facts(
            watching: ["Date", "print", "FileManager"],
            """
            let a = Date()
            let b = Date(timeIntervalSince1970: 0)
            let c = Date.now
            let d: Foundation.FileManager? = nil
            func f(log: Log) { log.print("x"); print("y") }
            """)
        let found = facts.references.map { ($0.name, $0.member, $0.isEmptyCall, $0.position.line) }
        #expect(found.count == 5)
        #expect(found[0] == ("Date", nil, true, 1))
        #expect(found[1] == ("Date", nil, false, 2))
        #expect(found[2] == ("Date", "now", false, 3))
        #expect(found[3] == ("FileManager", nil, false, 4))
        #expect(found[4] == ("print", nil, false, 5))
        #expect(ReferencePattern("Date()")?.form == .emptyCall)
        #expect(ReferencePattern("Date.now")?.form == .member("now"))
        #expect(ReferencePattern("Date.now.x") == nil && ReferencePattern("2x") == nil)
    }

    @Test(
        "public outputs are mentioned with their owner; parameters, internal and private(set)-only details are not confused"
    )
    func publicMentions() {
        let facts = facts(
            """
            public final class DetailPresenter {
                public private(set) var paper: Paper?
                public init(useCase: PapersUseCase) {}
                public func load(_ id: PaperID) -> [Summary] { [] }
                var hidden: Secret
                private var alsoHidden: Secret
            }
            struct Internal { public var paper: Paper }
            public extension Summary { var title: Title { Title() } }
            public enum Outcome { case loaded(Paper), failed }
            """)
        let mentions = facts.publicMentions.map { "\($0.owner ?? "-").\($0.declaration): \($0.type)" }
        #expect(
            mentions == [
                "DetailPresenter.var paper: Paper", "DetailPresenter.func load(_:): Summary",
                "Summary.var title: Title", "Outcome.case loaded: Paper",
            ])
    }
}
