import Core

public struct LogConfig: Sendable {
    public var help = "pass --verbose for more"
}

/// Declared in the wrong module: Terminal requires it.
public struct TerminalConfig {}
