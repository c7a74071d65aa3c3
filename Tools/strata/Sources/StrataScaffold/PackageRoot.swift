import Foundation
import StrataLint

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The package being changed: its real path, and the one gate every written path goes through.
///
/// Paths are checked after resolving symbolic links, so a `Modules` or `Tests` link that
/// points outside the package is refused rather than followed.
public struct PackageRoot: Sendable {
    /// The package folder, symbolic links resolved.
    public let url: URL

    /// Opens the package at `path`; without one, the package the current folder is in.
    ///
    /// - Throws: `StrataError.notFound` when the folder (or, without `path`, every folder up to
    ///   the root) has no Package.swift.
    public init(path: String?) throws {
        if let path {
            guard let real = Self.realPath(path) else {
                throw StrataError.notFound("no folder at \(path); pass the package folder with --path")
            }
            guard Self.hasManifest(real) else {
                throw StrataError.notFound("\(real) has no Package.swift; pass the package folder with --path")
            }
            url = URL(fileURLWithPath: real, isDirectory: true)
        } else {
            let here = FileManager.default.currentDirectoryPath
            guard let found = Self.enclosingPackage(of: here) else {
                throw StrataError.notFound(
                    "no Package.swift in \(here) or any folder above it; run strata inside a package or pass --path")
            }
            url = URL(fileURLWithPath: found, isDirectory: true)
        }
    }

    /// The nearest folder at or above `folder` that holds a Package.swift, as SwiftPM looks for it.
    public static func enclosingPackage(of folder: String) -> String? {
        guard var candidate = realPath(folder) else { return nil }
        while true {
            if hasManifest(candidate) { return candidate }
            let parent = (candidate as NSString).deletingLastPathComponent
            if parent == candidate || parent.isEmpty { return nil }
            candidate = parent
        }
    }

    private static func hasManifest(_ folder: String) -> Bool {
        FileManager.default.fileExists(atPath: folder + "/Package.swift")
    }

    /// The manifest, Package.swift.
    public var manifest: URL { url.appendingPathComponent("Package.swift") }

    /// The absolute URL of `relative`, after checking that writing there stays inside the package.
    ///
    /// - Throws: `StrataError.usage` for an absolute path or one with `..`; `.conflict` when
    ///   an existing part of the path resolves outside the package or is not a folder.
    public func inside(_ relative: String) throws -> URL {
        let components = relative.split(separator: "/", omittingEmptySubsequences: false)
        guard !relative.hasPrefix("/"), !components.contains(where: { $0.isEmpty || $0 == "." || $0 == ".." }) else {
            throw StrataError.usage("\(relative) is not a plain path inside the package; fix the template's file name")
        }
        var existing = url
        // The deepest part of the path that exists decides where the rest would land.
        for (index, component) in components.enumerated() {
            let next = existing.appendingPathComponent(String(component))
            guard Self.exists(next) else { break }
            let isLast = index == components.count - 1
            if !isLast && !Self.isDirectory(next) {
                throw StrataError.conflict(
                    "\(relativePath(next)) exists and is not a folder; move it away or choose another name")
            }
            existing = next
        }
        guard let real = Self.realPath(existing.path), contains(real) else {
            throw StrataError.conflict(
                "\(relative) would be written outside the package through the symbolic link \(relativePath(existing)); strata never writes outside \(url.path)"
            )
        }
        return url.appendingPathComponent(relative)
    }

    /// `absolute` relative to the package, for messages.
    public func relativePath(_ absolute: URL) -> String {
        let prefix = url.path + "/"
        return absolute.path.hasPrefix(prefix) ? String(absolute.path.dropFirst(prefix.count)) : absolute.path
    }

    private func contains(_ realPath: String) -> Bool {
        realPath == url.path || realPath.hasPrefix(url.path.hasSuffix("/") ? url.path : url.path + "/")
    }

    /// Whether anything is at `url`, a dangling symbolic link included.
    public static func exists(_ url: URL) -> Bool {
        var status = stat()
        return lstat(url.path, &status) == 0
    }

    /// Whether `url` is a folder (following a symbolic link).
    public static func isDirectory(_ url: URL) -> Bool {
        var isDirectory: ObjCBool = false
        return FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory) && isDirectory.boolValue
    }

    /// The canonical path of an existing `path`, symbolic links resolved.
    static func realPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }
}

extension PackageRoot {
    /// Refuses a package with a `Package@swift-*.swift` beside Package.swift: SwiftPM may read that
    /// one instead of the file strata edits, and the edit would seem to vanish.
    ///
    /// - Throws: `StrataError.validation` naming the file, followed by `advice`.
    public func refuseVersionedManifests(advice: String) throws {
        if let versioned = ManifestCache.versionSpecificManifests(in: url).first {
            throw StrataError.validation(
                "\(versioned) sits beside Package.swift and SwiftPM may read it instead; \(advice)")
        }
    }
}
