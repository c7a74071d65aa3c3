import Foundation
import StrataTestSupport
import Testing

@testable import StrataLint

/// docs/ARCHITECTURE.md's feature-shape table says what each feature's code declares; this
/// reads the code and fails when a cell drifts from it (a migration, a factory method or a
/// presenter added without the table).
@Suite("The feature-shape table in docs/ARCHITECTURE.md")
struct ShapeTableTests {
    static let features = ["Coffee", "ColorEvents", "Memorize", "Papers"]

    /// The table's rows, each as its cells; the first row is the header.
    static func table() throws -> [[String]] {
        let page = try String(
            contentsOf: Monorepo.root.appendingPathComponent("docs/ARCHITECTURE.md"), encoding: .utf8)
        let section = try #require(page.components(separatedBy: "## The feature shape").dropFirst().first)
        return section.split(separator: "\n").filter { $0.hasPrefix("| ") }.map { line in
            line.split(separator: "|", omittingEmptySubsequences: false).dropFirst().dropLast().map {
                $0.trimmingCharacters(in: .whitespaces)
            }
        }
    }

    /// The cell of `feature`'s column in the row whose second cell starts with `what`.
    static func cell(_ what: String, _ feature: String) throws -> String {
        let rows = try table()
        let column = try #require(rows.first?.firstIndex(of: feature), "no column \(feature)")
        let row = try #require(rows.first { $0.count > column && $0[1].hasPrefix(what) }, "no row \(what)")
        return row[column]
    }

    /// The names written in backticks in a cell.
    static func names(_ cell: String) -> Set<String> {
        Set(cell.matches(of: /`([A-Za-z]+)`/).map { String($0.output.1) })
    }

    static func source(_ path: String) throws -> String {
        try String(contentsOf: Monorepo.root.appendingPathComponent(path), encoding: .utf8)
    }

    static func sources(_ folder: String) throws -> [String] {
        let root = Monorepo.root.appendingPathComponent(folder)
        return try FileSystem.files(below: root.path).filter { $0.hasSuffix(".swift") }.map {
            try String(contentsOf: root.appendingPathComponent($0), encoding: .utf8)
        }
    }

    /// Each feature's app folder, and the Feature template's, whose web edge the table's row describes.
    static let webEdges = [
        ("Coffee", "Apps/coffee"), ("ColorEvents", "Apps/color-events"), ("Memorize", "Apps/memorize"),
        ("Papers", "Apps/papers"),
        ("`strata new Notes`", "Tools/strata/Sources/StrataScaffold/Templates/Feature/files/Apps/__app__"),
    ]

    @Test(
        "each app's pages stand on WebSupport's one edge: its site, its failure rule and redirect, its serve runner",
        arguments: webEdges.indices)
    func webEdge(_ index: Int) throws {
        let (column, folder) = Self.webEdges[index]
        #expect(try Self.cell("the web edge on `WebSupport`", column).contains("`WebViews.site`"))
        let root = Monorepo.root.appendingPathComponent(folder)
        let files = FileSystem.files(below: root.path).filter {
            $0.hasSuffix(".swift") || $0.hasSuffix(".swift.stencil")
        }
        let code = try files.map { try String(contentsOf: root.appendingPathComponent($0), encoding: .utf8) }
        #expect(code.contains { $0.contains("static let site = WebSite(") }, "\(folder) declares no WebSite")
        let serve = try #require(files.firstIndex { $0.hasPrefix("ServeCommand.swift") }, "\(folder) has no serve")
        #expect(code[serve].contains("@OptionGroup var web: WebServeOptions"))
        // One wording shape: the site's words are the app's `WebWording.messages(for:)`, a list of WebMessage.
        let wording = try #require(files.firstIndex { $0.hasPrefix("WebWording.swift") }, "\(folder) has no wording")
        #expect(code[wording].contains("static func messages(for error: any Error) -> [WebMessage]"))
        #expect(code.contains { $0.contains("words: WebWording.messages(for:)") }, "\(folder)'s site has other words")
        // Every page route is in the site's group, so what one throws is an HTML page, not the API's JSON.
        let pages = try #require(
            files.firstIndex { $0.hasSuffix("Pages.swift") || $0.hasSuffix("Pages.swift.stencil") })
        #expect(code[pages].contains("let router = WebViews.site.pages(router)"), "\(folder)/\(files[pages])")
        // What WebSupport does once, never again in an app: its own layout, redirect, status rule,
        // address line, error message type, or "make a presenter, run it, take the result".
        for (file, text) in zip(files, code) {
            for copy in [
                "WebPage(title:", "Response(status: .seeOther", "Response.redirect(", "\"listening on",
                "status: .internalServerError", "hasValidPort", "func sentence(", "struct Message", "struct AddForm",
                "func present<", "func load<", "errors.add(",
            ] {
                #expect(!text.contains(copy), "\(folder)/\(file) writes \(copy) itself")
            }
        }
    }

    @Test("each schema's migrations are the ones its row names", arguments: features)
    func schema(_ feature: String) throws {
        let code = try Self.source("Modules/\(feature)/Repository/\(feature)Schema.swift")
        let last = code.matches(of: /registerMigration\("v(\d+)"/).compactMap { Int($0.output.1) }.max() ?? 0
        let expected = last == 1 ? "(v1)" : "(v1–v\(last))"
        #expect(try Self.cell("**`<F>Schema`**", feature).contains("`\(feature)Schema` \(expected)"))
    }

    @Test("each factory's methods and its feature's presenter makers are the ones the table lists", arguments: features)
    func factory(_ feature: String) throws {
        let code = try Self.source("Modules/\(feature)/Factory/\(feature)Factory.swift")
        let methods = Set(code.matches(of: /public static func (\w+)/).map { String($0.output.1) })
        #expect(Self.names(try Self.cell("**`<F>Factory`**", feature)) == methods)
        let makers = Set(code.matches(of: /public func (make\w+)/).map { String($0.output.1) })
        #expect(Self.names(try Self.cell("**`<F>Feature`**", feature)) == makers)
    }

    @Test("each feature's presenters, use case and error are the ones the table names", arguments: features)
    func types(_ feature: String) throws {
        let presenters = try Self.sources("Modules/\(feature)/Presenter").flatMap {
            SwiftFileReader().read($0).declarationFacts.types
        }
        .filter { $0.kind == "class" && $0.name.hasSuffix("Presenter") }.map(\.name)
        #expect(Self.names(try Self.cell("`<Screen>Presenter", feature)) == Set(presenters))
        let useCases = try Self.sources("Modules/\(feature)/UseCase").flatMap {
            SwiftFileReader().read($0).declarationFacts.types
        }
        #expect(useCases.contains { $0.name == "\(feature)UseCase" && $0.kind == "struct" })
        #expect(Self.names(try Self.cell("**`<F>UseCase`**", feature)) == ["\(feature)UseCase"])
        let entities = try Self.sources("Modules/\(feature)/Entity").flatMap {
            SwiftFileReader().read($0).declarationFacts.types
        }
        #expect(entities.contains { $0.name == "\(feature)Error" && $0.inherits.contains("DomainError") })
        #expect(Self.names(try Self.cell("**`<F>Error: DomainError`**", feature)) == ["\(feature)Error"])
    }
}
