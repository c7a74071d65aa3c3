import AppSupport
import ArgumentParser
import Core
import Foundation
import MemorizeFactory
import TerminalUI

/// Where the game keeps and finds things: the score database and the user's themes.
struct CommonOptions: ParsableArguments {
    @Option(
        name: .long,
        help: ArgumentHelp(
            "The SQLite file (default: $STRATA_MEMORIZE_DB, else $XDG_DATA_HOME/strata/memorize.sqlite).",
            valueName: "path"))
    var db: String?

    @Option(
        name: .long,
        help: ArgumentHelp(
            "A JSON file of extra themes (default: $STRATA_MEMORIZE_THEMES when set).", valueName: "path"))
    var themesFile: String?

    /// The live feature over these options: the database path resolved, the themes file read.
    ///
    /// `.readOnly` for the high-score list: a missing file is reported, not created.
    func feature(access: StorageAccess = .readWrite) throws -> MemorizeFeature {
        try MemorizeFactory.live(
            databaseURL: try DatabasePath.resolve(app: "memorize", option: db), themesFile: try themesFileURL(),
            access: access)
    }

    /// `--themes-file`, else `$STRATA_MEMORIZE_THEMES`, else none.
    func themesFileURL() throws -> URL? {
        if let themesFile {
            guard !themesFile.isEmpty else {
                throw MessageError.usage("--themes-file is empty; give a file path, or leave --themes-file out")
            }
            return URL(fileURLWithPath: themesFile)
        }
        return EnvironmentValue.read("STRATA_MEMORIZE_THEMES").map { URL(fileURLWithPath: $0) }
    }
}
