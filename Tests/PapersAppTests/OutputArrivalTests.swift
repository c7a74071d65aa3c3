import Core
import Foundation
import TestSupport
import Testing

/// The digest's mark moves only once its output arrived, and only forward; `--output` never
/// replaces what is not a regular file. Each runs the built binary as cron or a script would.
@Suite("papers output arrives, or the command fails and moves nothing")
struct OutputArrivalTests {
    let papers = BinaryRunner(product: "papers")
    static let hundred = FixtureFiles.url("arxiv", "search-all-testing-100-entries.xml").path
    static let mathPages = (1...3).map {
        FixtureFiles.url("arxiv-oai", "paged2-11-ListRecords-arXiv-set-math-p0\($0).xml").path
    }

    /// A library of 100 papers with a watch that matches most of them.
    func library() throws -> (TemporaryDirectory, [String]) {
        let directory = try TemporaryDirectory()
        let db = ["--db", directory.path("p.sqlite").path]
        let imported = try papers.run(["import", Self.hundred] + db)
        try #require(imported.status == 0, "\(imported.stderr)")
        let watch = try papers.run(["watch", "add", "testing OR learning OR model", "--name", "all"] + db)
        try #require(watch.status == 0, "\(watch.stderr)")
        return (directory, db)
    }

    /// How many papers a digest since the mark covers, without moving it.
    func pending(_ db: [String]) throws -> Int {
        let peek = try papers.run(["digest", "--peek", "--format", "json"] + db)
        try #require(peek.status == 0, "\(peek.stderr)")
        let object = try JSONSerialization.jsonObject(with: Data(peek.stdout.utf8)) as? [String: Any]
        return try #require((object?["data"] as? [String: Any])?["changed"] as? Int)
    }

    @Test(
        "a digest whose output cannot be written exits 74 with one line and leaves the mark",
        arguments: [
            ("--format atom", ">/dev/full", "disk is full"), ("--format json", ">&-", "standard output is closed"),
        ])
    func digestToFullDisk(format: String, redirect: String, words: String) throws {
        let (directory, db) = try library()
        let before = try pending(db)
        #expect(before > 50)
        let failed = try papers.run(
            ["digest"] + format.split(separator: " ").map(String.init) + db, redirectingOutput: redirect)
        #expect(failed.status == ErrorKind.storage.exitCode, "\(failed.stderr)")
        #expect(failed.stderr.hasPrefix("papers: error: "), "\(failed.stderr)")
        #expect(failed.stderr.contains(words), "\(failed.stderr)")
        #expect(failed.stderr.split(separator: "\n").count == 1, "\(failed.stderr)")
        #expect(try pending(db) == before, "the mark stayed: the next digest lists the same papers")

        // Written to a file, the digest arrives and the mark moves.
        let file = directory.path("digest.xml").path
        let written = try papers.run(["digest", "--format", "atom"] + db, redirectingOutput: ">'\(file)'")
        #expect(written.status == 0, "\(written.stderr)")
        #expect(try String(contentsOfFile: file, encoding: .utf8).hasSuffix("</feed>\n"))
        #expect(try pending(db) == 0)
    }

    @Test("papers export and list to a full disk exit 74")
    func exportToFullDisk() throws {
        let (directory, db) = try library()
        defer { withExtendedLifetime(directory) {} }
        let export = try papers.run(
            ["export", "--watch", "all", "--format", "bibtex"] + db, redirectingOutput: ">/dev/full")
        #expect(export.status == ErrorKind.storage.exitCode, "\(export.stderr)")
        #expect(export.stderr.contains("cannot write to standard output: the disk is full"), "\(export.stderr)")
        let list = try papers.run(["watch", "list"] + db, redirectingOutput: ">/dev/full")
        #expect(list.status == ErrorKind.storage.exitCode, "\(list.stderr)")
    }

    @Test("a digest that read the library before another digest moved the mark never moves it back")
    func markOnlyMovesForward() throws {
        let (directory, db) = try library()
        defer { withExtendedLifetime(directory) {} }
        // The first digest is paused while printing: its output (more than a pipe holds) waits
        // in a pipe no one reads, after it read the library and before it moves the mark.
        let first = Process()
        first.executableURL = papers.executable
        first.arguments = ["digest", "--format", "json"] + db
        var environment = ProcessInfo.processInfo.environment.filter { !$0.key.hasPrefix("STRATA_") }
        environment["NO_COLOR"] = "1"
        first.environment = environment
        let pipe = Pipe()
        first.standardOutput = pipe
        first.standardError = FileHandle.nullDevice
        try first.run()
        let start = try pipe.fileHandleForReading.read(upToCount: 1) ?? Data()
        try #require(start.count == 1, "the first digest printed nothing")

        // Meanwhile new papers arrive and a second digest shows them, moving the mark past them.
        let imported = try papers.run(["import"] + Self.mathPages + db)
        try #require(imported.status == 0, "\(imported.stderr)")
        #expect(try pending(db) > 0)
        let second = try papers.run(["digest", "--format", "plain"] + db)
        #expect(second.status == 0, "\(second.stderr)")
        #expect(try pending(db) == 0)

        // The first digest now finishes: the papers the second one showed stay shown.
        let rest = pipe.fileHandleForReading.readDataToEndOfFile()
        first.waitUntilExit()
        #expect(first.terminationStatus == 0)
        #expect(start.count + rest.count > 65_536, "the output outgrew the pipe, so the first digest waited")
        #expect(try pending(db) == 0, "the mark did not move back")
    }

    @Test("--output writes a symlink's target, keeps a FIFO and a device, keeps a file's mode, refuses a folder")
    func exportOutputKinds() throws {
        let (directory, db) = try library()
        let arguments = ["export", "--watch", "all", "--format", "ris"] + db

        // A regular file: replaced whole, its mode kept, no temporary file left beside it.
        let file = directory.path("refs.ris").path
        try Data("old".utf8).write(to: URL(fileURLWithPath: file))
        chmod(file, 0o640)
        #expect(try papers.run(arguments + ["--output", file]).status == 0)
        let written = try String(contentsOfFile: file, encoding: .utf8)
        #expect(written.hasPrefix("TY  - UNPB"))
        #expect(try FileManager.default.attributesOfItem(atPath: file)[.posixPermissions] as? Int == 0o640)
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: directory.url.path).filter { $0.hasPrefix(".") }.isEmpty
        )

        // A symbolic link: still a link, its target holds the export.
        let target = directory.path("target.ris").path
        try Data("old".utf8).write(to: URL(fileURLWithPath: target))
        let link = directory.path("link.ris").path
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: "target.ris")
        #expect(try papers.run(arguments + ["--output", link]).status == 0)
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: link) == "target.ris")
        #expect(try String(contentsOfFile: target, encoding: .utf8) == written)

        // A FIFO: written as a stream to its reader, still a FIFO afterwards.
        let fifo = directory.path("fifo").path
        try #require(mkfifo(fifo, 0o600) == 0)
        let reader = Process()
        reader.executableURL = URL(fileURLWithPath: "/bin/cat")
        reader.arguments = [fifo]
        let received = Pipe()
        reader.standardOutput = received
        try reader.run()
        let streamed = try papers.run(arguments + ["--output", fifo])
        #expect(streamed.status == 0, "\(streamed.stderr)")
        let bytes = received.fileHandleForReading.readDataToEndOfFile()
        reader.waitUntilExit()
        #expect(String(decoding: bytes, as: UTF8.self) == written)
        var status = stat()
        #expect(lstat(fifo, &status) == 0 && status.st_mode & S_IFMT == S_IFIFO, "the FIFO is still a FIFO")

        // A device: written to, never replaced; a full one is exit 74.
        let full = try papers.run(arguments + ["--output", "/dev/full"])
        #expect(full.status == ErrorKind.storage.exitCode, "\(full.stderr)")
        #expect(full.stderr.contains("/dev/full"), "\(full.stderr)")
        #expect(lstat("/dev/full", &status) == 0 && status.st_mode & S_IFMT == S_IFCHR)

        // A folder: refused, one line, the folder untouched.
        let folder = try papers.run(arguments + ["--output", directory.url.path])
        #expect(folder.status == ErrorKind.storage.exitCode, "\(folder.stderr)")
        #expect(folder.stderr.contains("Is a directory"), "\(folder.stderr)")
    }
}
