import Core

public struct LogConfig: Sendable {
    public var help = "pass --verbose for more"
}
