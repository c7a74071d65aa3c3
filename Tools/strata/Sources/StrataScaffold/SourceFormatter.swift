import Foundation
import StrataLint

/// What became of formatting the generated sources.
public enum FormattingOutcome: Sendable, Equatable {
    /// The package has no formatter configuration, so the files are as the templates wrote them.
    case notConfigured
    /// This many Swift files were formatted with the package's configuration.
    case formatted(files: Int, configuration: String)
    /// The formatter failed; the files are as the templates wrote them (they still build).
    case failed(reason: String)
}

/// Formats generated Swift files the way the package formats its own.
///
/// A template cannot be formatted once for every name: the order of `import NotesEntity`
/// and `import Core` depends on the feature's name, and so does where a long line breaks.
/// So the rendered files are formatted before they are planned, the way Rails generators
/// run the app's RuboCop on what they write, and `--dry-run` shows the final files.
public protocol SourceFormatter: Sendable {
    /// `files` with every `.swift` file formatted by the configuration of the package at `root`.
    func format(_ files: [RenderedFile], root: URL) -> (files: [RenderedFile], outcome: FormattingOutcome)
}

/// `swift format`, with the package's `.swift-format`; a package without one is left alone.
public struct SwiftFormatFormatter: SourceFormatter {
    /// The configuration file `swift format` is given, relative to the package root.
    public static let configuration = ".swift-format"

    /// The `swift` command: `$STRATA_SWIFT` when set, else `swift` on the PATH.
    public let swift: String

    public init(swift: String? = nil, environment: [String: String] = ProcessInfo.processInfo.environment) {
        self.swift = swift ?? environment["STRATA_SWIFT"] ?? "swift"
    }

    public func format(_ files: [RenderedFile], root: URL) -> (files: [RenderedFile], outcome: FormattingOutcome) {
        let configuration = root.appendingPathComponent(Self.configuration)
        guard FileManager.default.fileExists(atPath: configuration.path) else { return (files, .notConfigured) }
        let sources = files.filter { $0.path.hasSuffix(".swift") }
        guard !sources.isEmpty else { return (files, .formatted(files: 0, configuration: Self.configuration)) }
        do {
            let formatted = try formatInScratchFolder(sources, configuration: configuration)
            let merged = files.map { file in
                formatted[file.path].map { RenderedFile(path: file.path, contents: $0) } ?? file
            }
            return (merged, .formatted(files: sources.count, configuration: Self.configuration))
        } catch {
            return (files, .failed(reason: "\(error)"))
        }
    }

    /// Writes `sources` to a scratch folder, formats them there in one run, and reads them back.
    ///
    /// The package itself is not touched: formatting is part of the plan, and a plan writes nothing.
    private func formatInScratchFolder(_ sources: [RenderedFile], configuration: URL) throws -> [String: Data] {
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent(
            "strata-format-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: scratch) }
        for source in sources {
            let url = scratch.appendingPathComponent(source.path)
            try FileManager.default.createDirectory(
                at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try source.contents.write(to: url)
        }
        let paths = sources.map(\.path)
        let result = try ToolProcess.run(
            [swift, "format", "format", "--in-place", "--parallel", "--configuration", configuration.path] + paths,
            in: scratch)
        guard result.status == 0 else {
            throw FormatFailure(
                message: result.errors.split(whereSeparator: \.isNewline).first.map(String.init)
                    ?? "exit \(result.status)")
        }
        var formatted: [String: Data] = [:]
        for path in paths { formatted[path] = try Data(contentsOf: scratch.appendingPathComponent(path)) }
        return formatted
    }
}

private struct FormatFailure: Error, CustomStringConvertible {
    let message: String
    var description: String { "swift format: \(message)" }
}
