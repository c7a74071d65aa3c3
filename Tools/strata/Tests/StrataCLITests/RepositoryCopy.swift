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

    /// Makes `destination` mirror `source`, leaving out `skipped`, `.build*` and the `excluded` paths.
    static func sync(from source: URL, to destination: URL, excluding excluded: Set<String> = []) throws {
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
            if (try url.resourceValues(forKeys: [.isDirectoryKey])).isDirectory == true {
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
    }

    private static func same(_ a: URL, _ b: URL) -> Bool {
        let files = FileManager.default
        guard let left = try? files.attributesOfItem(atPath: a.path),
            let right = try? files.attributesOfItem(atPath: b.path)
        else { return false }
        return (left[.size] as? Int) == (right[.size] as? Int)
            && (left[.modificationDate] as? Date) == (right[.modificationDate] as? Date)
    }

    /// The manifest without its feature entries, and the folders those features own.
    ///
    /// The smoke test builds the foundation, the tools and the new feature only: the other
    /// features have their own tests, and leaving them out keeps the build within minutes.
    static func withoutFeatures(_ manifest: String) -> (manifest: String, folders: Set<String>) {
        var list = FeatureList(text: manifest)
        var folders: Set<String> = []
        for line in list.entries {
            let parts = line.components(separatedBy: "\"")
            guard parts.count > 3, let stripped = try? list.removing(line: line) else { continue }
            list = stripped
            let name = parts[1]
            let app = parts[3]
            folders.insert("Modules/\(name)")
            folders.insert("Apps/\(app)")
            for layer in ["Entity", "Repository", "UseCase", "Presenter", "Factory", "App"] {
                folders.insert("Tests/\(name)\(layer)Tests")
            }
        }
        return (list.text, folders)
    }
}
