import Foundation
import StrataTestSupport
import Testing

/// `strata create` hands out the shared code this repository runs, not a copy of it.
@Suite("strata create: the workspace's shared code is the live code")
struct WorkspaceLiveFilesTests {
    let strata = BinaryRunner(product: "strata")

    /// The folders a workspace shares with this repository, by the same relative path.
    static let sharedFolders = [
        "Modules/Core", "Modules/Shared", "Apps/AppSupport", "Apps/WebSupport", "Tests/Support",
    ]

    @Test(
        "every file under Modules/Core, Modules/Shared, Apps/AppSupport, Apps/WebSupport and Tests/Support equals its live original"
    )
    func filesAreLive() throws {
        let directory = try TemporaryDirectory()
        let created = try strata.run(["create", "Shop"], in: directory.url)
        try #require(created.status == 0, "\(created.stderr)")
        let shop = directory.path("Shop")
        var compared = 0
        for folder in Self.sharedFolders {
            for path in try Self.files(below: shop.appendingPathComponent(folder)) {
                let relative = folder + "/" + path
                let generated = try Data(contentsOf: shop.appendingPathComponent(relative))
                let live = FileManager.default.contents(atPath: Monorepo.root.appendingPathComponent(relative).path)
                #expect(live != nil, "\(relative): the workspace has it, this repository does not")
                #expect(generated == live, "\(relative) differs from the live file")
                compared += 1
            }
        }
        // Core, Database with CSQLite, TerminalUI, HTTPServer, AppSupport, WebSupport and five TestSupport helpers.
        #expect(compared >= 60, "only \(compared) files compared")
        let modules = [
            "Modules/Core", "Modules/Shared/Database", "Modules/Shared/TerminalUI", "Modules/Shared/HTTPServer",
            "Apps/AppSupport", "Apps/WebSupport",
        ]
        for module in modules {
            #expect(
                try Self.files(below: shop.appendingPathComponent(module))
                    == Self.files(below: Monorepo.root.appendingPathComponent(module)),
                "\(module): the workspace's files are not the live module's")
        }
    }

    /// The regular files below `folder`, relative to it, sorted.
    static func files(below folder: URL) throws -> [String] {
        guard let walker = FileManager.default.enumerator(atPath: folder.path) else { return [] }
        var found: [String] = []
        while let path = walker.nextObject() as? String {
            var isDirectory: ObjCBool = false
            if FileManager.default.fileExists(
                atPath: folder.appendingPathComponent(path).path, isDirectory: &isDirectory),
                !isDirectory.boolValue
            {
                found.append(path)
            }
        }
        return found.sorted()
    }
}
