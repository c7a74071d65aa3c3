/// One `import` declaration found in a Swift source file.
public struct ImportStatement: Hashable, Sendable, Codable {
    /// The imported module: the first component of the import path (`M` in `import struct M.T`).
    public var module: String
    /// The whole import path, such as `["M", "Sub"]` for `import M.Sub`.
    public var path: [String]
    /// The declaration kind of a scoped import (`struct`, `func`, ...), if any.
    public var kind: String?
    /// Attributes written before the import, such as `testable` or `_exported`.
    public var attributes: [String]
    /// The 1-based line of the module name.
    public var line: Int
    /// The 1-based column (in UTF-8 bytes) of the module name.
    public var column: Int
    /// Whether the import sits in an `#if` clause some of the builds read (`Builds`) do not compile.
    public var conditional: Bool

    public init(
        module: String, path: [String]? = nil, kind: String? = nil, attributes: [String] = [],
        line: Int, column: Int, conditional: Bool = false
    ) {
        self.module = module
        self.path = path ?? [module]
        self.kind = kind
        self.attributes = attributes
        self.line = line
        self.column = column
        self.conditional = conditional
    }
}
