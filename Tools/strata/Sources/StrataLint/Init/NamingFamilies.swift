/// Naming families: target-name suffixes shared by several targets (`…Entity`, `…Client`, `…ClientLive`).
///
/// A target's candidate suffixes are its last one and two UpperCamelCase words; a suffix that at
/// least two targets end with is a family, and each target joins its longest family. A family
/// left with one member dissolves, and its member tries its next suffix, until nothing changes.
struct NamingFamilies {
    /// Each family's suffix and its members, in the targets' order.
    private(set) var members: [String: [String]] = [:]
    /// The family of each target that has one.
    private(set) var familyOf: [String: String] = [:]

    /// Suffixes never taken as a family: test targets have their own layer.
    static let excluded: Set<String> = ["Tests", "Test"]

    init(targets: [String]) {
        let candidates = Dictionary(uniqueKeysWithValues: targets.map { ($0, Self.suffixes(of: $0)) })
        var allowed = Set(candidates.values.flatMap { $0 }).subtracting(Self.excluded)
        while true {
            var counts: [String: Int] = [:]
            for suffixes in candidates.values {
                for suffix in suffixes where allowed.contains(suffix) { counts[suffix, default: 0] += 1 }
            }
            var grouped: [String: [String]] = [:]
            var assigned: [String: String] = [:]
            for target in targets {
                // Longest first: `ClientLive` before `Live`.
                guard let suffix = candidates[target]?.first(where: { (counts[$0] ?? 0) >= 2 }) else { continue }
                grouped[suffix, default: []].append(target)
                assigned[target] = suffix
            }
            let dissolved = grouped.filter { $0.value.count < 2 }.map(\.key)
            if dissolved.isEmpty {
                members = grouped
                familyOf = assigned
                return
            }
            allowed.subtract(dissolved)
        }
    }

    /// The name's last two and last one UpperCamelCase words, longest first, never the whole name.
    static func suffixes(of name: String) -> [String] {
        let words = camelWords(name)
        return [2, 1].compactMap { count in
            words.count > count ? words.suffix(count).joined() : nil
        }
    }

    /// `HTTPClientLive` -> `HTTP`, `Client`, `Live`; digits stay with the word before them.
    static func camelWords(_ name: String) -> [String] {
        let characters = Array(name)
        var words: [String] = []
        var current = ""
        for (index, character) in characters.enumerated() {
            let previous = index > 0 ? characters[index - 1] : nil
            let next = index + 1 < characters.count ? characters[index + 1] : nil
            let startsWord =
                character.isUppercase
                && ((previous.map { $0.isLowercase || $0.isNumber } ?? false)
                    || (previous?.isUppercase == true && next?.isLowercase == true))
            if (startsWord || character == "_") && !current.isEmpty {
                words.append(current)
                current = ""
            }
            if character != "_" { current.append(character) }
        }
        if !current.isEmpty { words.append(current) }
        return words
    }

    /// The part of `target` before its family's suffix.
    func prefix(of target: String) -> String? {
        familyOf[target].map { String(target.dropLast($0.count)) }
    }
}
