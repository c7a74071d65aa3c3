import Foundation

/// Why a paper is in a day's announcements (RSS's `arxiv:announce_type`).
public enum AnnounceType: String, Sendable, Equatable, CaseIterable, Codable {
    /// First announced today.
    case new
    /// Cross-listed into the category today.
    case cross
    /// A new version of a paper announced before.
    case replace
    /// A new version of a cross-listed paper.
    case replaceCross = "replace-cross"
}

/// One item of a day's announcements: the paper as the feed describes it, and why it is there.
public struct Announcement: Sendable, Equatable {
    public var paper: Paper
    public var type: AnnounceType

    public init(paper: Paper, type: AnnounceType) {
        self.paper = paper
        self.type = type
    }
}
