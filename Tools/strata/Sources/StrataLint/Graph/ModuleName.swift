import Foundation

/// The name other targets import a target by, found as SwiftPM finds it.
///
/// A Swift target's module is its name made a C99 identifier (`system-zlib` becomes
/// `system_zlib`). A system library's module is what its `module.modulemap` declares, and so is
/// a C target's when its public headers folder has one (`module zlibLinux [system] { … }` is
/// imported as `zlibLinux`); without a module map SwiftPM generates one named like a Swift target.
enum ModuleName {
    /// The module name of a target of `kind` named `name` in `folder` (relative to `root`).
    static func of(
        kind: String, name: String, folder: String, publicHeaders: String?, root: URL
    ) -> String {
        let mapFolder: String
        switch kind {
        case "system": mapFolder = folder
        case "regular": mapFolder = folder + "/" + (publicHeaders ?? "include")
        default: return c99Name(name)
        }
        // POSIX, not FileManager: a package of hundreds of targets asks once for each.
        guard let data = FileSystem.contents(of: root.path + "/" + mapFolder + "/module.modulemap"),
            let declared = declaredModule(in: String(decoding: data, as: UTF8.self))
        else { return c99Name(name) }
        return declared
    }

    /// `name` with every character a C99 identifier cannot hold replaced by `_`, and a leading
    /// digit too, as SwiftPM derives a module name from a target name.
    static func c99Name(_ name: String) -> String {
        var result = String.UnicodeScalarView()
        for (offset, scalar) in name.unicodeScalars.enumerated() {
            let isDigit = ("0"..."9").contains(scalar)
            let isLetter = scalar.isASCII ? scalar.properties.isAlphabetic : scalar.properties.isXIDContinue
            let allowed = scalar == "_" || isLetter || (isDigit && offset > 0)
            result.append(allowed ? scalar : "_")
        }
        return String(result)
    }

    /// The first top-level module a module map declares: `module M`, `framework module M`,
    /// `explicit module M`, with any `[system]`-like attributes after it (`extern module`
    /// declarations point elsewhere and are skipped).
    static func declaredModule(in text: String) -> String? {
        let words = words(of: text)
        var index = 0
        while index < words.count {
            let word = words[index]
            if word == "extern" {
                index += 4  // `extern module Name "path"`
                continue
            }
            if word == "module", index + 1 < words.count {
                let name = words[index + 1]
                return name == "*" ? nil : name
            }
            guard word == "framework" || word == "explicit" else { return nil }
            index += 1
        }
        return nil
    }

    /// The identifiers, `*` and quoted strings of a module map, outside comments.
    private static func words(of text: String) -> [String] {
        var words: [String] = []
        var scanner = Substring(text)
        while let first = scanner.first {
            if scanner.hasPrefix("//") {
                scanner = scanner.drop { $0 != "\n" }
            } else if scanner.hasPrefix("/*") {
                scanner = scanner.dropFirst(2)
                if let end = scanner.range(of: "*/") {
                    scanner = scanner[end.upperBound...]
                } else {
                    scanner = ""
                }
            } else if first == "\"" {
                let body = scanner.dropFirst()
                let end = body.firstIndex(of: "\"") ?? body.endIndex
                words.append(String(scanner[scanner.startIndex..<end]))
                scanner = end < body.endIndex ? body[body.index(after: end)...] : ""
            } else if first.isLetter || first == "_" {
                let word = scanner.prefix { $0.isLetter || $0.isNumber || $0 == "_" }
                words.append(String(word))
                scanner = scanner.dropFirst(word.count)
            } else {
                if first == "*" || first == "{" { words.append(String(first)) }
                scanner = scanner.dropFirst()
            }
        }
        return words
    }
}
