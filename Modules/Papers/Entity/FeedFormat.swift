/// The kind of document a reader expected, so a failure can say what should have come.
public enum FeedFormat: Sendable, Equatable {
    /// An arXiv API response: an Atom feed.
    case atom
    /// An OAI-PMH response (arXivRaw or arXiv metadata).
    case oaiPMH
    /// arXiv's daily announcement feed: RSS 2.0.
    case rss
}
