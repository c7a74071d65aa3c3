import AppSupport
import ArgumentParser
import Foundation
import PapersEntity
import PapersFactory
import PapersPresenter

/// `papers embed`: one sentence embedding per line of text, as JSON, for scripts and for checking the encoder.
struct Embed: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "embed", abstract: "Print one embedding per line of a file, each a JSON array of floats.",
        discussion: """
            Each line of the input (its line break left out) is embedded by all-MiniLM-L6-v2 on this \
            computer: 384 numbers of unit length, the vector papers compares meanings with. Output \
            line N is the vector of input line N; an empty line has a vector too. Nothing is read \
            from or written to the library.

            Examples:
              papers embed --input abstracts.txt > vectors.jsonl
              printf 'graph neural networks\\n' | papers embed --input -
            """)

    @Option(help: ArgumentHelp("The text file to embed, one text per line; - reads standard input.", valueName: "file"))
    var input: String

    @OptionGroup var model: ModelOption

    func run() async throws {
        let (input, model) = (input, model)
        try await ErrorWording.reporter.run { @MainActor in
            let texts = try Self.lines(of: input)
            let presenter = try PapersFactory.embedding(modelFolder: model.folder()).makeLibraryPresenter()
            await presenter.embed(texts)
            try StandardOutput.write(EmbeddingViews.jsonLines(presenter.embedding.result()))
        }
    }

    /// The lines of `path` (standard input for `-`), without their line breaks (`\n` or `\r\n`);
    /// a last line break ends the last line rather than starting an empty one.
    static func lines(of path: String) throws -> [String] {
        let data: Data
        if path == "-" {
            data = FileHandle.standardInput.readDataToEndOfFile()
        } else {
            var isFolder: ObjCBool = false
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) else {
                throw PapersError.fileNotFound(path)
            }
            guard !isFolder.boolValue else { throw PapersError.fileNotReadable(path, reason: "it is a folder") }
            do {
                data = try Data(contentsOf: URL(fileURLWithPath: path))
            } catch {
                throw PapersError.fileNotReadable(path, reason: nil)
            }
        }
        guard let text = String(data: data, encoding: .utf8) else {
            throw PapersError.fileNotReadable(path == "-" ? "standard input" : path, reason: "it is not UTF-8 text")
        }
        // Split on the byte: Swift reads "\r\n" as one Character, which is not "\n".
        var lines = text.utf8.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).map { line in
            String(decoding: line.last == UInt8(ascii: "\r") ? line.dropLast() : line, as: UTF8.self)
        }
        if lines.last == "" { lines.removeLast() }
        return lines
    }
}

/// Vectors as text: one JSON array per line.
enum EmbeddingViews {
    /// One line per vector, `[f1,f2,...]`, each float written so it reads back as the same Float.
    static func jsonLines(_ data: EmbeddingViewData) -> String {
        data.vectors.map { vector in "[" + vector.map { "\($0)" }.joined(separator: ",") + "]\n" }.joined()
    }
}
