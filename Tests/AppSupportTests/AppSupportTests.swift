import AppSupport
import ArgumentParser
import Core
import Foundation
import Testing

@Suite("Database paths")
struct DatabasePathTests {
    @Test("--db wins, then STRATA_<APP>_DB, then the XDG data directory")
    func order() throws {
        let environment = [
            "XDG_DATA_HOME": "/data", "STRATA_COLOR_EVENTS_DB": "/env/journal.sqlite", "HOME": "/home/ada",
        ]
        #expect(
            try DatabasePath.resolve(app: "color-events", option: "/flag.sqlite", environment: environment).path
                == "/flag.sqlite")
        #expect(
            try DatabasePath.resolve(app: "color-events", option: nil, environment: environment).path
                == "/env/journal.sqlite")
        #expect(
            try DatabasePath.resolve(app: "papers", option: nil, environment: environment).path
                == "/data/strata/papers.sqlite")
        #expect(
            try DatabasePath.resolve(app: "papers", option: "~/x.sqlite", environment: environment).path
                == "/home/ada/x.sqlite")
    }

    @Test("a relative XDG_DATA_HOME is ignored, as the spec says")
    func relativeXDG() throws {
        let url = try DatabasePath.resolve(
            app: "coffee", option: nil, environment: ["XDG_DATA_HOME": "data", "HOME": "/home/ada"])
        #expect(url.path == "/home/ada/.local/share/strata/coffee.sqlite")
    }

    @Test("an empty --db or variable is a usage error, never the user's real database")
    func empty() {
        let flag = #expect(throws: MessageError.self) {
            try DatabasePath.resolve(app: "coffee", option: "", environment: [:])
        }
        #expect(flag?.kind == .usage)
        let variable = #expect(throws: MessageError.self) {
            try DatabasePath.resolve(app: "coffee", option: nil, environment: ["STRATA_COFFEE_DB": ""])
        }
        #expect(variable?.message.contains("STRATA_COFFEE_DB") == true)
    }
}

@Suite("Output formats and error lines")
struct ReportingTests {
    @Test("--format takes text, plain and json; table is another name for text")
    func formats() {
        #expect(OutputFormat(argument: "table") == .text)
        #expect(OutputFormat(argument: "TEXT") == .text)
        #expect(OutputFormat(argument: "plain") == .plain)
        #expect(OutputFormat(argument: "json") == .json)
        #expect(OutputFormat(argument: "yaml") == nil)
    }

    enum SampleError: DomainError {
        case emptyName
        var kind: ErrorKind { .validation }
    }

    @Test("the app's wording comes first, then the shared words; the exit code is the kind's")
    func wording() throws {
        let reporter = ErrorReporter(app: "sample") { error in
            (error as? SampleError).map { _ in "give a name with --name" }
        }
        #expect(reporter.message(for: SampleError.emptyName) == "give a name with --name")
        let storage = StorageError(.open, path: "/x/y.sqlite", reason: "unable to open database file")
        #expect(
            reporter.message(for: storage)
                == "cannot open the database at /x/y.sqlite: unable to open database file; check the path or pass another with --db"
        )
        let busy = StorageError(.write, path: "/x/y.sqlite", reason: "database is locked", isBusy: true)
        #expect(reporter.message(for: busy).contains("another process is writing"))
        let exit = reporter.report(ViewFailure(SampleError.emptyName)) as? ExitCode
        #expect(exit == ExitCode(ErrorKind.validation.exitCode))
    }

    @Test("errors argument-parser renders itself pass through")
    func passThrough() {
        let reporter = ErrorReporter(app: "sample")
        #expect(reporter.report(ExitCode(3)) as? ExitCode == ExitCode(3))
        #expect(reporter.report(ValidationError("bad")) is ValidationError)
    }

    @Test("quoted input is cut to 100 characters")
    func quoting() {
        let long = String(repeating: "7", count: 50_000)
        #expect(Quote.text(long).count == 101)
        #expect(Quote.quoted("abc") == "'abc'")
        #expect(Quote.path("/" + String(repeating: "a", count: 300) + "/file.sqlite").hasSuffix("file.sqlite"))
    }

    @Test("a failed state throws its typed error; a loaded one gives its value")
    func result() throws {
        #expect(try ViewState<Int>.loaded(3).result() == 3)
        #expect(throws: SampleError.self) { try ViewState<Int>.failed(ViewFailure(SampleError.emptyName)).result() }
        #expect(throws: UnexpectedError.self) { try ViewState<Int>.loading.result() }
    }

    @Test("an environment setting is read by its name; an empty one counts as unset")
    func environmentValue() {
        #expect(EnvironmentValue.read("STRATA_X", environment: ["STRATA_X": "/t.json"]) == "/t.json")
        #expect(EnvironmentValue.read("STRATA_X", environment: ["STRATA_X": ""]) == nil)
        #expect(EnvironmentValue.read("STRATA_X", environment: ["OTHER": "/t.json"]) == nil)
    }
}
