import Foundation
import StrataScaffold
import StrataTestSupport

/// The repository these tests belong to.
enum ScaffoldRepository {
    /// The package root, found from this file's own path.
    static let root = Monorepo.root
}

/// A copy of the repository kept in sync between runs, so its scratch folder builds incrementally.
///
/// Files whose size and modification time match are left alone (the build's signatures stay
/// valid); others are copied with their times; files gone from the source are deleted.
enum RepositoryCopy {
    /// Top-level entries never copied: build products, VCS data, editor state.
    static let skipped: Set<String> = [".build", ".git", ".swiftpm"]

    /// Makes `destination` mirror `source`, leaving out `skipped`, `.build*` and the `excluded` paths;
    /// with `seedingSourceCache`, the copy's first lint reuses what the source's last one read.
    static func sync(
        from source: URL, to destination: URL, excluding excluded: Set<String> = [], seedingSourceCache: Bool = false
    ) throws {
        let files = FileManager.default
        try files.createDirectory(at: destination, withIntermediateDirectories: true)
        var wanted: Set<String> = []
        let enumerator = files.enumerator(at: source, includingPropertiesForKeys: [.isDirectoryKey], options: [])
        while let url = enumerator?.nextObject() as? URL {
            let path = String(url.path.dropFirst(source.path.count + 1))
            let top = String(path.split(separator: "/").first ?? "")
            // Build folders anywhere (the tool's package has its own), and the prebuilt bundle.
            let name = url.lastPathComponent
            if skipped.contains(top) || skipped.contains(name) || name.hasPrefix(".build")
                || path == "Tools/strata-plugin/Binaries"
                || excluded.contains(where: { path == $0 || path.hasPrefix($0 + "/") })
            {
                if (try? url.resourceValues(forKeys: [.isDirectoryKey]).isDirectory) == true {
                    enumerator?.skipDescendants()
                }
                continue
            }
            wanted.insert(path)
            let target = destination.appendingPathComponent(path)
            // A link stays a link (the Workspace template's links to the live modules, the plugin
            // source both packages share): its relative destination resolves the same in the copy.
            if let link = try? files.destinationOfSymbolicLink(atPath: url.path) {
                if (try? files.destinationOfSymbolicLink(atPath: target.path)) != link {
                    try? files.removeItem(at: target)
                    try files.createSymbolicLink(atPath: target.path, withDestinationPath: link)
                }
            } else if (try url.resourceValues(forKeys: [.isDirectoryKey])).isDirectory == true {
                try files.createDirectory(at: target, withIntermediateDirectories: true)
            } else if !same(url, target) {
                try? files.removeItem(at: target)
                try files.copyItem(at: url, to: target)
                let modified = try files.attributesOfItem(atPath: url.path)[.modificationDate]
                try files.setAttributes([.modificationDate: modified as Any], ofItemAtPath: target.path)
            }
        }
        // Delete what the source no longer has (deepest first), leaving the copy's own build folder.
        let present = (files.enumerator(atPath: destination.path)?.allObjects as? [String]) ?? []
        for path in present.sorted(by: >) where !wanted.contains(path) {
            if path.split(separator: "/").contains(where: { $0.hasPrefix(".build") }) { continue }
            try? files.removeItem(at: destination.appendingPathComponent(path))
        }
        if seedingSourceCache { seedSourceCache(from: source, to: destination) }
    }

    /// Copies the source's strata source caches into the copy, where it has none as new: they are
    /// keyed by file content, so the copy's first lint parses only the files that differ instead of
    /// every file (`make test` lints the repository before its tests, with the binary they run).
    private static func seedSourceCache(from source: URL, to destination: URL) {
        let files = FileManager.default
        let from = source.appendingPathComponent(".build/strata")
        let to = destination.appendingPathComponent(".build/strata")
        let names = (try? files.contentsOfDirectory(atPath: from.path)) ?? []
        for name in names where name.hasPrefix("sources-") && name.hasSuffix(".cache") {
            let original = from.appendingPathComponent(name)
            let seeded = to.appendingPathComponent(name)
            guard modified(seeded) < modified(original) else { continue }
            try? files.createDirectory(at: to, withIntermediateDirectories: true)
            try? files.removeItem(at: seeded)
            try? files.copyItem(at: original, to: seeded)
        }
    }

    private static func modified(_ file: URL) -> Date {
        ((try? FileManager.default.attributesOfItem(atPath: file.path))?[.modificationDate] as? Date) ?? .distantPast
    }

    private static func same(_ a: URL, _ b: URL) -> Bool {
        let files = FileManager.default
        guard let left = try? files.attributesOfItem(atPath: a.path),
            let right = try? files.attributesOfItem(atPath: b.path)
        else { return false }
        return (left[.size] as? Int) == (right[.size] as? Int)
            && (left[.modificationDate] as? Date) == (right[.modificationDate] as? Date)
    }

    /// The shared targets a feature made from the Feature template uses (its manifest entry
    /// names `Database` and `WebSupport`, which serves on `HTTPServer`), with what every app and test target needs.
    static let templateTargets = [
        "Core", "Database", "CSQLite", "TerminalUI", "HTTPServer", "AppSupport", "WebSupport", "TestSupport",
    ]

    /// What the smoke test builds: `manifest` with only the feature entries `original` did not
    /// have (those `strata new` added) and only `templateTargets` beside them. The other features
    /// have their own tests; leaving them and the PostgreSQL, HTTP client and XML targets out
    /// means postgres-nio, hummingbird-auth and swift-crypto are not compiled. `nil` when the
    /// manifest is not laid out the way this repository's is.
    static func slimManifest(_ manifest: String, original: String) -> String? {
        var lines = manifest.components(separatedBy: "\n")
        let targets = "targets: core + coreTests + features.flatMap(\\.targets)"
        // The list's body, entries over several lines and their comments, up to the `]` that closes it.
        guard let start = lines.firstIndex(where: { $0.contains("let features: [Feature] = [") }),
            let end = lines[start...].firstIndex(of: "]"),
            start < end, let declaration = lines.firstIndex(where: { $0.contains(targets) })
        else { return nil }
        let existing = Set(original.components(separatedBy: "\n"))
        let kept = templateTargets.map { "\"\($0)\"" }.joined(separator: ", ")
        lines[declaration] = lines[declaration].replacingOccurrences(
            of: targets,
            with: "targets: (core + coreTests).filter { [\(kept)].contains($0.name) } + features.flatMap(\\.targets)")
        lines.replaceSubrange((start + 1)..<end, with: lines[(start + 1)..<end].filter { !existing.contains($0) })
        return lines.joined(separator: "\n")
    }
}
