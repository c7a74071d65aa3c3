import Foundation
import Testing

@testable import StrataScaffold

/// Names that are valid identifiers but would not build are refused, with the reason, before anything is written.
@Suite("strata new: names that cannot build")
struct NameClashTests {
    /// A toolchain that has exactly `types`.
    struct Toolchain: TypeProbe {
        let types: Set<String>
        func existing(_ names: [String], importing modules: [String]) -> [String] { names.filter(types.contains) }
    }

    func refusal(_ name: String, in fixture: Fixture, toolchain: Set<String> = [], swiftPM: Bool = false) throws
        -> String?
    {
        let scaffolder = Scaffolder(
            root: try PackageRoot(path: fixture.root.path), validator: swiftPM ? SwiftPMValidator() : StubValidator(),
            probe: Toolchain(types: toolchain))
        do {
            _ = try scaffolder.planNew(name, templates: try fixture.builtIn)
            return nil
        } catch let error as StrataError {
            #expect(error.kind == .usage)
            return error.message
        }
    }

    @Test("a name whose files are the template's own (List, Add) would write one file twice")
    func templateFileNames() throws {
        let fixture = try Fixture()
        #expect(try refusal("List", in: fixture)?.contains("would write Apps/list/ListCommand.swift twice") == true)
        #expect(try refusal("Add", in: fixture)?.contains("would write Apps/add/AddCommand.swift twice") == true)
        #expect(try refusal("Listing", in: fixture) == nil)
    }

    @Test("a type the package's imported modules declare (Core's DomainError) is refused, naming the file")
    func packageTypes() throws {
        let fixture = try Fixture()
        try fixture.write("public protocol DomainError: Error {}\n", to: "Modules/Core/Errors/DomainError.swift")
        let message = try refusal("Domain", in: fixture, swiftPM: true)
        #expect(
            message?.contains(
                "would declare DomainError, which Core declares too (Modules/Core/Errors/DomainError.swift)")
                == true, "\(message ?? "accepted")")
    }

    @Test("a type the toolchain's modules have (Foundation's URLError) is refused; others pass")
    func toolchainTypes() throws {
        let fixture = try Fixture()
        let message = try refusal("URL", in: fixture, toolchain: ["URLError", "String"])
        #expect(message?.contains("would declare URLError, which a module it imports already has (") == true)
        #expect(try refusal("Notes", in: fixture, toolchain: ["URLError", "String"]) == nil)
    }

    @Test(
        "the compiler probe finds the standard library's and Foundation's types and not others, past any number of modules it cannot load"
    )
    func compilerProbe() {
        // A generated feature imports three package dependencies (ArgumentParser, Hummingbird, Plot) beside
        // the toolchain's modules, and the compiler names one missing module per run.
        let missing = ["ArgumentParserHere", "HummingbirdHere", "PlotHere", "NoSuchModuleHere"]
        let found = CompilerTypeProbe().existing(
            ["DecodingError", "URLError", "NotesError", "NotesItem"], importing: missing + ["Foundation"])
        #expect(found == ["DecodingError", "URLError"])
    }
}
