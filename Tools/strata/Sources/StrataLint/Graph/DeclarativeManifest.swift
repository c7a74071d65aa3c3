/// Reads a declarative Package.swift from its text, without compiling or running it, so that
/// `strata new` edits only a manifest whose targets it can see (`ManifestTargetsArray`).
///
/// A declarative manifest is one `Package(...)` of literal targets, perhaps with constants and
/// `package.targets += [...]`. This reader takes those from the text and gives, for the fields
/// it reads (names, kinds, paths, exclude, sources, dependencies), exactly what `dump-package`
/// prints. `strata lint` does not use it: real manifests are rarely declarative (none of six
/// measured), so the checker reads every manifest through SwiftPM and its cache.
///
/// It never guesses. `ManifestLexer` refuses what code that runs cannot do without (braces,
/// `#`, `&`, interpolation), `ManifestParser` anything outside the remaining grammar, and
/// `ManifestEvaluator` any call it does not know where a target's field comes from (an
/// environment read, `.map`, a ternary): then the manifest is not edited. Arguments it does
/// not read (settings, resources, products, platforms) are parsed but not evaluated.
enum DeclarativeManifest {
    /// Why the manifest needs SwiftPM, and where.
    struct Unsupported: Error, Equatable, CustomStringConvertible {
        var reason: String
        var line: Int

        var description: String { "Package.swift:\(line) \(reason)" }
    }

    /// The manifest's package, read from `source` (the text of Package.swift).
    static func read(_ source: String) throws(Unsupported) -> Manifest {
        guard source.hasPrefix("// swift-tools-version:") || source.hasPrefix("// swift-tools-version ") else {
            throw Unsupported(reason: "does not start with a swift-tools-version comment", line: 1)
        }
        var parser = ManifestParser(tokens: try ManifestLexer.tokens(Array(source.utf8)))
        let statements = try parser.statements()
        var evaluator = ManifestEvaluator()
        for statement in statements {
            try evaluator.run(statement)
        }
        return try evaluator.package()
    }
}
