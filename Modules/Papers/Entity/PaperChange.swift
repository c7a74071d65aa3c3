import Foundation

/// A paper the library took in, or took a new version of, and when: what a digest reads.
public struct PaperChange: Sendable, Equatable {
    /// The paper as the library has it now.
    public var paper: Paper
    /// When the paper entered the library (the stamp of the write that added it).
    public var entered: Date
    /// When its current version entered the library.
    public var revised: Date

    public init(paper: Paper, entered: Date, revised: Date) {
        self.paper = paper
        self.entered = entered
        self.revised = revised
    }
}

/// What changed in the library after a moment, and the last write's stamp.
public struct LibraryChanges: Sendable, Equatable {
    /// The papers added or given a new version after the moment, in the order they were first added.
    public var changes: [PaperChange]
    /// The stamp of the library's last write (nil when nothing was ever written): a mark taken
    /// now splits every later write from everything `changes` saw.
    public var lastWrite: Date?

    public init(changes: [PaperChange], lastWrite: Date?) {
        self.changes = changes
        self.lastWrite = lastWrite
    }
}
