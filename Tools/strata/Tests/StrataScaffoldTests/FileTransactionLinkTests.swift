import Foundation
import StrataTestSupport
import Testing

@testable import StrataScaffold

#if canImport(Glibc)
import Glibc
#endif

/// The one writer's rule for links and special files: write at a link's target with its mode, never
/// replace what a path is, and undo it all on rollback.
@Suite("FileTransaction: links, FIFOs and modes")
struct FileTransactionLinkTests {
    /// A package folder with a Package.swift, and its root.
    func package() throws -> (TemporaryDirectory, PackageRoot) {
        let directory = try TemporaryDirectory()
        try Data("// swift-tools-version: 6.0\n".utf8).write(to: directory.path("Package.swift"))
        return (directory, try PackageRoot(path: directory.url.path))
    }

    func status(_ url: URL) -> (kind: mode_t, permissions: mode_t) {
        var status = stat()
        lstat(url.path, &status)
        return (status.st_mode & S_IFMT, status.st_mode & 0o7777)
    }

    @Test("a replaced link stays a link, its target gets the bytes and keeps its mode; rollback restores the target")
    func replaceThroughLink() throws {
        let (directory, root) = try package()
        let target = directory.path("real.yml")
        let link = directory.path("strata.yml")
        try Data("old\n".utf8).write(to: target)
        chmod(target.path, 0o640)
        try FileManager.default.createSymbolicLink(atPath: link.path, withDestinationPath: "real.yml")
        let transaction = FileTransaction(root: root, beforeStep: { _ in })
        try transaction.replaceFile(link, with: Data("new\n".utf8))
        #expect(status(link).kind == S_IFLNK)
        #expect(status(target) == (S_IFREG, 0o640))
        #expect(try String(contentsOf: target, encoding: .utf8) == "new\n")
        #expect(transaction.rollback().isEmpty)
        #expect(try String(contentsOf: target, encoding: .utf8) == "old\n")
        #expect(status(link).kind == S_IFLNK && status(target) == (S_IFREG, 0o640))
    }

    @Test("a deleted link is put back as the same link on rollback, its target untouched")
    func deleteLink() throws {
        let (directory, root) = try package()
        try Data("kept\n".utf8).write(to: directory.path("real.swift"))
        let link = directory.path("Link.swift")
        try FileManager.default.createSymbolicLink(atPath: link.path, withDestinationPath: "real.swift")
        let transaction = FileTransaction(root: root, beforeStep: { _ in })
        try transaction.deleteFile(link)
        #expect(!PackageRoot.exists(link))
        #expect(transaction.rollback().isEmpty)
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: link.path) == "real.swift")
        #expect(try String(contentsOf: directory.path("real.swift"), encoding: .utf8) == "kept\n")
    }

    @Test("a link outside the package, a link to nothing and a FIFO are refused; nothing changes")
    func refused() throws {
        let (directory, root) = try package()
        let elsewhere = try TemporaryDirectory()
        try Data("outside\n".utf8).write(to: elsewhere.path("file"))
        try FileManager.default.createSymbolicLink(
            atPath: directory.path("out.yml").path, withDestinationPath: elsewhere.path("file").path)
        try FileManager.default.createSymbolicLink(atPath: directory.path("none.yml").path, withDestinationPath: "gone")
        #expect(mkfifo(directory.path("fifo.yml").path, 0o644) == 0)
        for name in ["out.yml", "none.yml", "fifo.yml"] {
            let transaction = FileTransaction(root: root, beforeStep: { _ in })
            let error = #expect(throws: StrataError.self) {
                try transaction.replaceFile(directory.path(name), with: Data("x".utf8))
            }
            #expect(error?.kind == .conflict, "\(name)")
            #expect(error?.message.contains("\n") == false)
        }
        #expect(try String(contentsOf: elsewhere.path("file"), encoding: .utf8) == "outside\n")
        #expect(status(directory.path("out.yml")).kind == S_IFLNK)
        #expect(status(directory.path("fifo.yml")).kind == S_IFIFO)
    }
}
