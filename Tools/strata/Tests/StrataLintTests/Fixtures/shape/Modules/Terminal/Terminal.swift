import Core

// No TerminalConfig here: the {target} requirement is missing. Its strings may name flags.
public enum Style {
    public static let hint = "--color always"
}
