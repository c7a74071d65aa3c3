import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Keeps `swift package dump-package` output under `.build/strata/`, so an unchanged manifest is never evaluated twice.
///
/// The entry is one file: the key, a NUL byte, then the dump's JSON. The key holds everything
/// the dump depends on, verbatim (no hash, so no collision can serve a wrong graph):
/// - the bytes of `Package.swift` and of every `Package@swift-*.swift` beside it;
/// - the toolchain: the resolved path of the `swift` that would run, with its size and
///   modification time. Asking `swift --version` would cost a subprocess on every hit, which
///   is what the cache exists to avoid; an upgraded or switched toolchain changes the file;
/// - the environment, which a manifest can read through `ProcessInfo`, less the variables
///   that describe the terminal or shell session (SwiftPM's own manifest cache leaves out
///   the terminal ones too).
///
/// Entries are named by a 64-bit FNV-1a hash of their key, and the newest `capacity` are kept,
/// so a shell, `swift test` and the plugin (three environments) do not evict one another. An
/// entry whose key differs is a miss; one that cannot be read or decoded is ignored and
/// rewritten. Writing is best effort: a read-only `.build` only costs the evaluation.
public struct ManifestCache: Sendable {
    /// Environment variables left out of the key: they change between terminals and shells, not between manifests.
    static let sessionVariables: Set<String> = [
        "_", "PWD", "OLDPWD", "SHLVL", "TERM", "TERM_PROGRAM", "TERM_PROGRAM_VERSION", "TERM_SESSION_ID",
        "COLORTERM", "COLUMNS", "LINES", "NO_COLOR", "CLICOLOR", "LS_COLORS", "SSH_AUTH_SOCK", "SSH_CLIENT",
        "SSH_CONNECTION", "SSH_TTY", "ITERM_PROFILE", "ITERM_SESSION_ID", "SECURITYSESSIONID", "LC_TERMINAL",
        "LC_TERMINAL_VERSION", "TMUX", "TMUX_PANE", "WINDOWID", "DISPLAY", "XDG_SESSION_ID",
    ]

    /// The package's root folder.
    public let packageDirectory: URL
    /// The environment the manifest would be evaluated in.
    public let environment: [String: String]

    /// A cache for the package at `packageDirectory`, evaluated in `environment`.
    public init(packageDirectory: URL, environment: [String: String] = ProcessInfo.processInfo.environment) {
        self.packageDirectory = packageDirectory
        self.environment = environment
    }

    /// How many entries are kept: one per environment or manifest version in use.
    static let capacity = 4

    /// The folder of the entries.
    var folder: URL { packageDirectory.appendingPathComponent(".build/strata") }

    /// Where the entry for the manifest and environment as they are now lives; nil when there is no key.
    public var entryURL: URL? { key().map(entryURL(for:)) }

    func entryURL(for key: Data) -> URL {
        // FNV-1a: a file name only; the full key inside the entry decides a hit.
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in key {
            hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3
        }
        let hex = String(hash, radix: 16)
        return folder.appendingPathComponent(
            "dump-package-\(String(repeating: "0", count: 16 - hex.count) + hex).cache")
    }

    /// The dump: the cached one when its key matches and `accept` takes it, else `evaluate()`'s,
    /// which is then stored unless `store` is false. `accept` lets the caller decode the entry once, as it reads it.
    public func dump(store: Bool = true, evaluate: () throws -> Data, accept: (Data) -> Bool = { _ in true }) throws
        -> (data: Data, hit: Bool)
    {
        guard let key = key() else { return (try evaluate(), false) }
        if let cached = cachedDump(for: key), accept(cached) { return (cached, true) }
        let data = try evaluate()
        if store { self.store(data, key: key) }
        return (data, false)
    }

    /// The key for the manifest as it is now; nil when the manifest or the toolchain cannot be found.
    func key() -> Data? {
        let files = FileManager.default
        guard let manifest = files.contents(atPath: packageDirectory.appendingPathComponent("Package.swift").path),
            let toolchain = toolchainIdentity()
        else { return nil }
        var key = Data("strata manifest cache 1\ntoolchain \(toolchain)\n".utf8)
        for name in ["Package.swift"] + Self.versionSpecificManifests(in: packageDirectory) {
            let bytes =
                name == "Package.swift"
                ? manifest : files.contents(atPath: packageDirectory.appendingPathComponent(name).path) ?? Data()
            key.append(Data("file \(name) \(bytes.count)\n".utf8))
            key.append(bytes)
            key.append(Data("\n".utf8))
        }
        for (name, value) in environment.sorted(by: { $0.key < $1.key }) where !Self.sessionVariables.contains(name) {
            key.append(Data("env \(name)=\(value)\n".utf8))
        }
        // The key ends before the separator: a NUL inside it (from a file) would make it ambiguous.
        return key.contains(0) ? nil : key
    }

    /// The `Package@swift-*.swift` files beside Package.swift, sorted: SwiftPM picks one by toolchain version.
    public static func versionSpecificManifests(in directory: URL) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? [])
            .filter { $0.hasPrefix("Package@swift-") && $0.hasSuffix(".swift") }.sorted()
    }

    /// The `swift` that `swift package` would run, resolved, with its size and modification time.
    func toolchainIdentity() -> String? {
        let name = environment["STRATA_SWIFT"] ?? "swift"
        let candidates =
            name.contains("/")
            ? [name] : (environment["PATH"] ?? "").split(separator: ":").map { "\($0)/\(name)" }
        for candidate in candidates {
            var info = stat()
            guard stat(candidate, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { continue }
            let resolved = URL(fileURLWithPath: candidate).resolvingSymlinksInPath().path
            #if canImport(Darwin)
            let modified = info.st_mtimespec
            #else
            let modified = info.st_mtim
            #endif
            return "\(resolved) \(info.st_size) \(modified.tv_sec).\(modified.tv_nsec)"
        }
        return nil
    }

    private func cachedDump(for key: Data) -> Data? {
        guard let entry = FileManager.default.contents(atPath: entryURL(for: key).path),
            let separator = entry.firstIndex(of: 0),
            entry[entry.startIndex..<separator] == key
        else { return nil }
        // A truncated or damaged dump is refused by `accept`, so the evaluation rewrites it.
        return Data(entry[entry.index(after: separator)...])
    }

    private func store(_ dump: Data, key: Data) {
        let files = FileManager.default
        guard (try? files.createDirectory(at: folder, withIntermediateDirectories: true)) != nil else { return }
        guard (try? (key + Data([0]) + dump).write(to: entryURL(for: key), options: .atomic)) != nil else { return }
        // Keep the newest entries; the rest are for manifests and environments no longer in use.
        let entries = ((try? files.contentsOfDirectory(atPath: folder.path)) ?? [])
            .filter { $0.hasPrefix("dump-package-") && $0.hasSuffix(".cache") }
            .map { folder.appendingPathComponent($0) }
            .map { ($0, (try? files.attributesOfItem(atPath: $0.path)[.modificationDate] as? Date) ?? .distantPast) }
            .sorted { $0.1 > $1.1 }
        for (url, _) in entries.dropFirst(Self.capacity) { try? files.removeItem(at: url) }
    }
}
