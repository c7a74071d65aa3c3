import Foundation

/// Keeps what `SwiftFileReader` found in each source file under `.build/strata/`, so a run parses
/// only the files whose bytes changed.
///
/// One file per context (`context`: everything besides a file's bytes that changes what the
/// reader extracts), named by a hash of it, holding one entry per distinct file content: the
/// content's `Fingerprint`, whether string literals were collected, and the facts in
/// `FactsCoding`'s encoding; then a stamp table: each source file's path, its `FileStamp` and
/// the fingerprint of the bytes it had then. A run reads the whole file once (one `read`, no
/// file per source file to open); a source file whose stamp is unchanged is not opened, the
/// others are read and fingerprinted; the entries hit are decoded on the cores that stat the files. The file is replaced whole through a temporary file and a
/// rename, so a reader sees the old file or the new one, never half of one, and two lints at once
/// each leave a complete file (the last rename wins). A file that is not exactly what this
/// strata with this context wrote — another format, another version or binary, another context,
/// a wrong length or checksum, an entry that does not decode — is ignored and rewritten. Writing
/// is best effort: a read-only `.build` only costs the parse.
public struct SourceCache: Sendable {
    /// Whether a run reads and writes the cache.
    public enum Use: Sendable, Equatable {
        /// Every file is parsed; the cache is neither read nor written.
        case off
        /// Unchanged files are read from the cache; nothing is written (`lint --fix --dry-run`).
        case readOnly
        /// Unchanged files are read from the cache; the cache is brought up to date.
        case readWrite
    }

    /// The lookup key of an entry: the file's content and whether its string literals are kept.
    struct Key: Hashable, Sendable {
        var fingerprint: Fingerprint
        var strings: Bool
    }

    /// The bytes every cache file starts with.
    static let magic = Array("strata source cache\n".utf8)
    /// The layout of the file and of `FactsCoding`; a change to either bumps it.
    static let format: UInt32 = 2
    /// How long a file must have been left alone before its stamp is recorded: longer than any
    /// file system's timestamp granularity (FAT's is two seconds), so an edit made in the same
    /// tick as the stamp was taken cannot hide behind it.
    static let settleNanoseconds: Int64 = 2_000_000_000
    /// How many context files are kept: a platform or a rules file in use each make one.
    static let capacity = 4

    /// The folder of the cache files.
    let folder: URL
    /// Everything besides a file's bytes that what the reader extracts depends on, verbatim.
    let context: [UInt8]
    /// Whether `store` writes.
    let writes: Bool
    /// Stamps of files last changed at or after this moment (nanoseconds since 1970) are not
    /// recorded: `settleNanoseconds` before the cache was made, unless `settle(after:)` says otherwise.
    private(set) var settledBefore: Int64

    /// A cache in `folder` for what `reader` extracts; `writes` false for a run that must write nothing.
    init(folder: URL, reader: SwiftFileReader, writes: Bool) {
        self.init(folder: folder, context: Self.context(of: reader), writes: writes)
    }

    /// The cache a run in `use` mode reads in `folder` (`.build/strata` of `root` when nil); nil when `.off`.
    init?(_ use: Use, folder: URL?, root: URL, reader: SwiftFileReader) {
        guard use != .off else { return nil }
        self.init(
            folder: folder ?? root.appendingPathComponent(".build/strata"), reader: reader, writes: use == .readWrite)
    }

    /// A cache in `folder` for `context` (as `context(of:)` makes one).
    init(folder: URL, context: [UInt8], writes: Bool) {
        self.folder = folder
        self.context = context
        self.writes = writes
        settledBefore = 0
        settle(after: Self.settleNanoseconds)
    }

    /// Records the stamps only of files left alone for `nanoseconds` until now.
    mutating func settle(after nanoseconds: Int64) {
        var now = timespec()
        clock_gettime(CLOCK_REALTIME, &now)
        settledBefore = Int64(now.tv_sec) * 1_000_000_000 + Int64(now.tv_nsec) - nanoseconds
    }

    /// The context of `reader`: the format, strata's version and the running binary (a rebuilt
    /// strata may read differently though its version is the same), the builds (platform,
    /// Swift version, flags, known modules), the names `forbid: references` rules watch and how much
    /// of each file is read (an entry of imports alone must not serve a run that reads declarations).
    static func context(of reader: SwiftFileReader) -> [UInt8] {
        let builds = reader.builds
        var lines = [
            "format \(format)", "strata \(StrataVersion.current)", "binary \(executableIdentity())",
            "os \(builds.os ?? "any")", "swift \(builds.swiftVersion.map(String.init).joined(separator: "."))",
        ]
        lines.append(
            "flags " + builds.flags.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: " "))
        lines.append("modules " + builds.modules.sorted().joined(separator: " "))
        lines.append("watched " + reader.watchedNames.sorted().joined(separator: " "))
        lines.append("extent \(reader.extent.rawValue)")
        return Array((lines.joined(separator: "\n") + "\n").utf8)
    }

    /// The running executable's path, size and modification time; empty when it cannot be found.
    static func executableIdentity() -> String {
        guard let path = Bundle.main.executableURL?.resolvingSymlinksInPath().path,
            let attributes = try? FileManager.default.attributesOfItem(atPath: path)
        else { return "" }
        let size = (attributes[.size] as? NSNumber)?.int64Value ?? -1
        let modified = (attributes[.modificationDate] as? Date)?.timeIntervalSince1970 ?? 0
        return "\(path) \(size) \(modified)"
    }

    /// The cache file of this context.
    var fileURL: URL {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in context { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
        let hex = String(hash, radix: 16)
        return folder.appendingPathComponent("sources-\(String(repeating: "0", count: 16 - hex.count) + hex).cache")
    }

    /// What the cache file holds now; empty when there is none or it is not one this cache wrote.
    func load() -> Snapshot {
        guard let bytes = FileSystem.contents(of: fileURL.path) else { return Snapshot(bytes: [], exists: false) }
        let contents = try? self.contents(of: bytes)
        return Snapshot(bytes: bytes, index: contents?.index ?? [:], stamps: contents?.stamps ?? [:], exists: true)
    }

    /// Where each entry's facts lie in `bytes`; throws unless `bytes` is a whole, intact cache file of this context.
    func index(of bytes: [UInt8]) throws(ByteReader.Damaged) -> [Key: Range<Int>] { try contents(of: bytes).index }

    /// What a cache file records: where each entry's facts lie, and each source file's stamp.
    struct Contents {
        var index: [Key: Range<Int>]
        var stamps: [String: Stamped]
    }

    /// A source file's stamp and the fingerprint of the bytes it had when stamped.
    struct Stamped: Hashable, Sendable {
        var stamp: FileStamp
        var fingerprint: Fingerprint
    }

    /// The contents of `bytes`; throws unless they are a whole, intact cache file of this context.
    func contents(of bytes: [UInt8]) throws(ByteReader.Damaged) -> Contents {
        guard try Self.context(ofFile: bytes) == context else { throw ByteReader.Damaged() }
        return try bytes.withUnsafeBytes { whole in
            Result { () throws(ByteReader.Damaged) in try Self.contents(of: whole) }
        }.get()
    }

    /// `contents(of:)` of the bytes of a file whose header names this context.
    private static func contents(of whole: UnsafeRawBufferPointer) throws(ByteReader.Damaged) -> Contents {
        var reader = ByteReader(whole)
        _ = try reader.raw(Self.magic.count + 4)
        _ = try reader.raw(Int(try reader.uint32()))
        let count = Int(try reader.uint32())
        let checksum = try reader.fingerprint()
        let bodyStart = reader.offset
        guard Int(checksum.count) == whole.count - bodyStart,
            Fingerprint(UnsafeRawBufferPointer(rebasing: whole[bodyStart...])) == checksum
        else { throw ByteReader.Damaged() }
        // Each entry takes at least its 29-byte key and length: a damaged count cannot ask for a huge table.
        guard count <= (whole.count - bodyStart) / 29 else { throw ByteReader.Damaged() }
        var index: [Key: Range<Int>] = [:]
        index.reserveCapacity(count)
        for _ in 0..<count {
            let fingerprint = try reader.fingerprint()
            let strings = try reader.bool()
            let length = Int(try reader.uint32())
            let start = reader.offset
            _ = try reader.raw(length)
            index[Key(fingerprint: fingerprint, strings: strings)] = start..<start + length
        }
        let stampCount = try reader.count()
        var stamps: [String: Stamped] = [:]
        stamps.reserveCapacity(stampCount)
        for _ in 0..<stampCount {
            let path = try reader.string()
            let stamp = FileStamp(
                device: try reader.uint64(), inode: try reader.uint64(), size: try reader.uint64(),
                modified: Int64(bitPattern: try reader.uint64()), changed: Int64(bitPattern: try reader.uint64()))
            stamps[path] = Stamped(stamp: stamp, fingerprint: try reader.fingerprint())
        }
        guard reader.isAtEnd else { throw ByteReader.Damaged() }
        return Contents(index: index, stamps: stamps)
    }

    /// The context a cache file's header names; throws when `bytes` is no cache file of this format.
    static func context(ofFile bytes: [UInt8]) throws(ByteReader.Damaged) -> [UInt8] {
        try bytes.withUnsafeBytes { whole in
            Result { () throws(ByteReader.Damaged) in
                var reader = ByteReader(whole)
                guard Array(try reader.raw(magic.count)) == magic, try reader.uint32() == format else {
                    throw ByteReader.Damaged()
                }
                return Array(try reader.raw(Int(try reader.uint32())))
            }
        }.get()
    }

    /// The cache file's bytes for `entries`, each a key and its encoded facts, and `stamps`.
    func encode(
        _ entries: [(key: Key, facts: ArraySlice<UInt8>)], stamps: [String: Stamped] = [:]
    ) -> [UInt8] {
        var body = ByteWriter()
        for (key, facts) in entries {
            body.fingerprint(key.fingerprint)
            body.bool(key.strings)
            body.uint32(UInt32(facts.count))
            body.bytes.append(contentsOf: facts)
        }
        body.int(stamps.count)
        for (path, stamped) in stamps.sorted(by: { $0.key < $1.key }) {
            body.string(path)
            body.uint64(stamped.stamp.device)
            body.uint64(stamped.stamp.inode)
            body.uint64(stamped.stamp.size)
            body.uint64(UInt64(bitPattern: stamped.stamp.modified))
            body.uint64(UInt64(bitPattern: stamped.stamp.changed))
            body.fingerprint(stamped.fingerprint)
        }
        var file = ByteWriter()
        file.bytes.append(contentsOf: Self.magic)
        file.uint32(Self.format)
        file.uint32(UInt32(context.count))
        file.bytes.append(contentsOf: context)
        file.uint32(UInt32(entries.count))
        file.fingerprint(body.bytes.withUnsafeBytes { Fingerprint($0) })
        file.bytes.append(contentsOf: body.bytes)
        return file.bytes
    }

    /// Replaces the cache file with `entries` and `stamps`, atomically; does nothing when this
    /// cache does not write or the folder cannot be written.
    func store(_ entries: [(key: Key, facts: ArraySlice<UInt8>)], stamps: [String: Stamped] = [:]) {
        guard writes else { return }
        let files = FileManager.default
        guard (try? files.createDirectory(at: folder, withIntermediateDirectories: true)) != nil,
            (try? Data(encode(entries, stamps: stamps)).write(to: fileURL, options: .atomic)) != nil
        else { return }
        // Keep the newest contexts; the others are for rules, platforms or binaries no longer in use.
        let others = ((try? files.contentsOfDirectory(atPath: folder.path)) ?? [])
            .filter { $0.hasPrefix("sources-") && $0.hasSuffix(".cache") }
            .map { folder.appendingPathComponent($0) }
            .map { ($0, (try? files.attributesOfItem(atPath: $0.path)[.modificationDate] as? Date) ?? .distantPast) }
            .sorted { $0.1 > $1.1 }
        for (url, _) in others.dropFirst(Self.capacity) where url != fileURL { try? files.removeItem(at: url) }
    }

    /// A cache file as one run read it.
    struct Snapshot: Sendable {
        /// The file's bytes.
        var bytes: [UInt8]
        /// Where each entry's facts lie in `bytes`; empty when the file was not an intact one of this context.
        var index: [Key: Range<Int>] = [:]
        /// The stamp of each source file, by path relative to the package root.
        var stamps: [String: Stamped] = [:]
        /// Whether there was a file (when `index` is empty, one to rewrite).
        var exists: Bool

        /// The facts stored for `key` (without their declaration facts unless `declarations`), or
        /// nil when there are none or they do not decode.
        func facts(for key: Key, declarations: Bool = true) -> (facts: SourceFacts, range: Range<Int>)? {
            guard let range = index[key] else { return nil }
            return bytes.withUnsafeBytes { whole in
                (try? SourceFacts(
                    decoding: UnsafeRawBufferPointer(rebasing: whole[range]), declarationFacts: declarations)).map {
                        ($0, range)
                    }
            }
        }
    }
}
