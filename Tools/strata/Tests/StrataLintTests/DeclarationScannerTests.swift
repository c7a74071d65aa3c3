import Foundation
import StrataTestSupport
import Testing

@testable import StrataLint

/// What swift-syntax reads of a file for the declaration rules.
@Suite("Declaration scanner")
struct DeclarationScannerTests {
    @Test("types carry their kind, attributes, modifiers and conformances; extensions their added ones")
    func types() {
        let facts = DeclarationScanner().scan(
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
        let facts = DeclarationScanner().scan(
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
        let facts = DeclarationScanner(watchedNames: ["Date", "print", "FileManager"]).scan(
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
        let facts = DeclarationScanner().scan(
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

/// What the lexer tells the declaration rules so that most files need no parse.
@Suite("Declaration rules: which files are parsed")
struct SyntaxDemandTests {
    @Test(
        "mutable state is suspected for a top-level var, static, class var and nonisolated; not for members or locals")
    func suspectedState() {
        let scanner = SwiftImportScanner()
        for source in [
            "var x = 0", "enum E { static let a = 1 }", "class C { class var v: Int { 1 } }",
            "nonisolated(unsafe) let x = 1",
        ] {
            #expect(scanner.facts(source, strings: false).mayDeclareState, "\(source)")
        }
        for source in ["struct S { var x = 0 }", "func f() { var y = 1; y += 1 }", "let z = \"var\" // var"] {
            #expect(!scanner.facts(source, strings: false).mayDeclareState, "\(source)")
        }
    }

    @Test("a watched name counts anywhere as an identifier, never as part of one")
    func mentions() {
        func check(_ source: String) -> Bool {
            var copy = source
            return copy.withUTF8 { SyntaxDemand.mentionsAny(of: ["Date", "print"], in: $0) }
        }
        #expect(check("let d = Date()") && check("// print it") && check("x.print()"))
        #expect(!check("let updated = 1; func printer() {}; let DateFormat = 2"))
    }
}

/// The lexer reads a type's header only where it reads it exactly as swift-syntax does.
@Suite("Declaration rules: headers the lexer reads")
struct LexedHeaderTests {
    func lexedHeader(_ source: String) -> TypeDeclaration.Header? {
        SwiftImportScanner().facts(source, strings: false).declarations.first?.header
    }

    @Test("attributes, modifiers and the inheritance clause, as swift-syntax names them")
    func reads() throws {
        let header = try #require(
            lexedHeader(
                """
                @Observable // a comment
                @available(macOS 14, *) @MainActor
                public final class ListPresenter<Item: Hashable & Sendable>: Core.Presenting, @unchecked Sendable,
                    ~Copyable, A & B<Int>.C where Item: Codable {}
                """))
        #expect(header.attributes == ["Observable", "available", "MainActor"])
        #expect(header.modifiers == ["public", "final"])
        #expect(header.inherits == ["Presenting", "Sendable", "A", "C"])
        #expect(lexedHeader("}\nindirect enum E { case a }")?.modifiers == ["indirect"])
    }

    @Test(
        "what the lexer does not place is left to swift-syntax",
        arguments: [
            "@MainActor\n#if os(Linux)\n@Observable\n#endif\nfinal class C {}",
            "let x = y; private(set) class C {}", "x = open\nclass C {}", "@Module.Name class C {}",
            "@OptionSet<UInt8>\nstruct S {}",
            "class C: `Type` {}", "protocol P: class {}", "struct S: (A) {}",
            "class C: A\n#if os(Linux)\n, B\n#endif\n{}",
        ])
    func leftToSyntax(_ source: String) {
        #expect(lexedHeader(source) == nil, "\(source)")
    }

    @Test("on every Swift file of this repository, each header read equals swift-syntax's")
    func matchesSwiftSyntax() throws {
        var read = 0
        var types = 0
        for folder in ["Modules", "Apps", "Tests", "Tools/strata/Sources", "Tools/strata/Tests"] {
            let root = Monorepo.root.appendingPathComponent(folder)
            for path in FileSystem.files(below: root.path) where path.hasSuffix(".swift") {
                let source = try String(contentsOf: root.appendingPathComponent(path), encoding: .utf8)
                let parsed = DeclarationScanner().scan(source).types
                for declaration in SwiftImportScanner().facts(source, strings: false).declarations
                where Rules.DeclarationRule.typeKinds.contains(declaration.kind) {
                    types += 1
                    guard let header = declaration.header else { continue }
                    read += 1
                    let type = parsed.first { $0.position == .init(line: declaration.line, column: declaration.column) }
                    #expect(type?.attributes == header.attributes, "\(folder)/\(path):\(declaration.line)")
                    #expect(type?.modifiers == header.modifiers, "\(folder)/\(path):\(declaration.line)")
                    #expect(type?.inherits == header.inherits, "\(folder)/\(path):\(declaration.line)")
                }
            }
        }
        // Nearly every header is plain enough to read; the rest are parsed.
        #expect(types > 500 && read * 100 >= types * 95, "\(read) of \(types) headers read")
    }
}
