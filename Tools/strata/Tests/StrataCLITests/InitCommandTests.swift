import Foundation
import StrataTestSupport
import Testing

/// `strata init` on a copy of this repository with its strata.yml removed.
@Suite("strata init, end to end")
struct InitCommandTests {
    let strata = BinaryRunner(product: "strata")

    @Test("init's file accepts the repository and rejects a presenter importing a repository")
    func repository() throws {
        let directory = try TemporaryDirectory()
        let copy = directory.path("strata")
        try RepositoryCopy.sync(from: ScaffoldRepository.root, to: copy, excluding: ["strata.yml"])

        // What init read is kept in the source cache, by a run that writes, not by a dry run.
        let cacheFolder = copy.appendingPathComponent(".build/strata")
        func sourceCaches() -> [String: Data] {
            let names = (try? FileManager.default.contentsOfDirectory(atPath: cacheFolder.path)) ?? []
            return Dictionary(
                uniqueKeysWithValues: names.filter { $0.hasPrefix("sources-") }.compactMap { name in
                    (try? Data(contentsOf: cacheFolder.appendingPathComponent(name))).map { (name, $0) }
                })
        }
        #expect(sourceCaches().isEmpty)

        let written = try strata.run(["init", "--path", copy.path], timeout: 300)
        #expect(written.status == 0, "\(written.stderr)")
        #expect(written.stdout.contains("created strata.yml"))
        let rules = copy.appendingPathComponent("strata.yml")
        let writtenRules = try Data(contentsOf: rules)
        let cached = sourceCaches()
        #expect(cached.count == 1)

        // A dry run reads the new file, and writes neither strata.yml nor the cache (the first
        // run's cache spares it reading the rest of the repository again).
        let planted = copy.appendingPathComponent("Modules/Core/PlantedForDryRun.swift")
        try Data("public enum PlantedForDryRun {}\n".utf8).write(to: planted)
        let dryRun = try strata.run(["init", "--path", copy.path, "--dry-run"], timeout: 300)
        #expect(dryRun.status == 0, "\(dryRun.stderr)")
        #expect(dryRun.stdout.contains("targets: [\"{feature}Presenter\"]"))
        #expect(try Data(contentsOf: rules) == writtenRules)
        #expect(sourceCaches() == cached)
        try FileManager.default.removeItem(at: planted)

        let lint = try strata.run(["lint", "--path", copy.path], timeout: 300)
        #expect(lint.status == 0, "\(lint.stdout)")
        #expect(lint.stderr.contains(" 0 error(s)") && lint.stderr.contains("(cached)"))

        let again = try strata.run(["init", "--path", copy.path])
        #expect(again.status == 67)
        #expect(
            again.stderr
                == "strata: error: strata.yml exists already; pass --force to replace it, or --dry-run to see the new one\n"
        )
        #expect(try strata.run(["init", "--path", copy.path, "--force"]).status == 0)

        let presenter = copy.appendingPathComponent("Modules/Coffee/Presenter")
        let file = try #require(try FileManager.default.contentsOfDirectory(atPath: presenter.path).sorted().first)
        let url = presenter.appendingPathComponent(file)
        try ("import CoffeeRepository\n" + String(contentsOf: url, encoding: .utf8)).write(
            to: url, atomically: true, encoding: .utf8)
        let broken = try strata.run(["lint", "--quiet", "--path", copy.path], timeout: 300)
        #expect(broken.status == 1)
        #expect(
            broken.stdout.contains(
                "Modules/Coffee/Presenter/\(file):1:8: error: CoffeePresenter (presenter) imports CoffeeRepository (repository)"
            ), "\(broken.stdout)")
    }

    @Test("init outside a package exits 66 with one line")
    func noPackage() throws {
        let directory = try TemporaryDirectory()
        let run = try strata.run(["init", "--path", directory.url.path])
        #expect(run.status == 66)
        #expect(run.stderr.hasPrefix("strata: error: ") && run.stderr.split(separator: "\n").count == 1)
    }
}
