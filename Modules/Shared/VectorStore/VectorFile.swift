import Foundation
import Synchronization

/// A sidecar file of fixed-size embedding rows, searched exactly by dot product; safe to share across tasks.
///
/// Each call opens the path, takes the file's `flock` (shared to read, exclusive to write) and re-reads the
/// header, so it sees every upsert committed before it by any process and never half of one; `count` is fixed
/// for one call only.
/// Calls block (file I/O and locks): a search waits for a running upsert's fsyncs, an upsert for running searches.
public final class VectorFile: Sendable {
    /// The store file's path.
    public let path: String
    /// The length of every vector.
    public let dimensions: Int
    /// The model that made the stored vectors.
    public let model: String
    /// Whether this handle may upsert.
    public let access: VectorFileAccess

    private let mapping = Mutex<Mapping?>(nil)

    /// The default rows per segment: 3 MB of keys and 96 MB of 384-float vectors, one `cblas_sgemv` each.
    static let defaultSegmentRows = 65_536

    private init(path: String, dimensions: Int, model: String, access: VectorFileAccess) {
        self.path = path
        self.dimensions = dimensions
        self.model = model
        self.access = access
    }

    /// Opens or creates the store file at `url` for vectors of `dimensions` floats made by `model` (<= 128 bytes).
    ///
    /// `url` names one file (e.g. `library.sqlite.vectors` beside the library): one file moves, backs up and is
    /// deleted with the library in one step, and its header commits keys and vectors together. A read-write
    /// open of a store made by another model starts it empty (the old vectors are useless with another model);
    /// a read-only open throws `.otherModel`. A read-write open also drops rows left uncommitted by a crash,
    /// and upgrades a version 1 store (float vectors only) to version 2 by writing it again beside itself with
    /// each row's int8 codes and renaming it over the old one, which a crash leaves whole.
    public static func open(
        at url: URL, dimensions: Int, model: String, access: VectorFileAccess
    ) throws(VectorStoreError) -> VectorFile {
        try open(at: url, dimensions: dimensions, model: model, access: access, segmentRows: defaultSegmentRows)
    }

    /// `open` with a chosen segment size for new stores, so tests can cross many segment boundaries cheaply.
    static func open(
        at url: URL, dimensions: Int, model: String, access: VectorFileAccess, segmentRows: Int,
        version: Int = StoreHeader.currentVersion
    ) throws(VectorStoreError) -> VectorFile {
        let path = url.path(percentEncoded: false)
        guard model.utf8.count <= StoreHeader.maximumModelBytes else {
            throw .invalidArgument(path: path, reason: "model string of \(model.utf8.count) bytes")
        }
        guard (1...StoreHeader.maximumDimensions).contains(dimensions) else {
            throw .invalidArgument(path: path, reason: "dimensions \(dimensions)")
        }
        let fresh = StoreHeader(
            version: version, dimensions: dimensions,
            segmentRows: min(max(1, segmentRows), StoreHeader.maximumSegmentRows), count: 0, model: model)
        switch access {
        case .readOnly:
            let header = try FileLock.withLock(path: path, flags: O_RDONLY, exclusive: false) {
                (file) throws(VectorStoreError) in try readHeader(file)
            }
            guard header.model == model && header.dimensions == dimensions else {
                throw .otherModel(path: path, stored: header.model)
            }
        case .readWrite:
            _ = try StoreDescriptor(path: path, flags: O_RDWR | O_CREAT)
            try FileLock.withLock(path: path, flags: O_RDWR, exclusive: true) { (file) throws(VectorStoreError) in
                try prepareForWriting(file, fresh: fresh)
            }
        }
        return VectorFile(path: path, dimensions: dimensions, model: model, access: access)
    }

    /// The model and dimensions of the store at `url`, as its header records them: what `open`
    /// must be given to read it, for a program that did not make it.
    public static func maker(at url: URL) throws(VectorStoreError) -> (model: String, dimensions: Int) {
        let path = url.path(percentEncoded: false)
        let header = try FileLock.withLock(path: path, flags: O_RDONLY, exclusive: false) {
            (file) throws(VectorStoreError) in try readHeader(file)
        }
        return (header.model, header.dimensions)
    }

    /// Rows stored now (re-read under the lock); 0 if the store can no longer be read, which the next call throws.
    public var count: Int {
        (try? withSnapshot(exclusive: false) { $0.count }) ?? 0
    }

    /// Runs `body` on the committed state, under the file lock; every operation goes through here.
    func withSnapshot<T>(
        exclusive: Bool, _ body: (Snapshot) throws(VectorStoreError) -> T
    ) throws(VectorStoreError) -> T {
        let flags = access == .readWrite ? O_RDWR : O_RDONLY
        return try FileLock.withLock(path: path, flags: flags, exclusive: exclusive) {
            (file) throws(VectorStoreError) -> T in
            let header = try Self.readHeader(file)
            guard header.model == model && header.dimensions == dimensions else {
                throw .otherModel(path: path, stored: header.model)
            }
            let layout = StoreLayout(header)
            let required = layout.requiredSize(for: header.count)
            let identity = try file.identity()
            let current = try mapping.withLock { (held) throws(VectorStoreError) -> Mapping in
                if let held, held.identity == identity, held.length >= required { return held }
                let fresh = try Mapping(file, length: required)
                held = fresh
                return fresh
            }
            return try body(Snapshot(header: header, layout: layout, mapping: current, file: file))
        }
    }

    /// Reads and checks the header, and that the file is long enough for its rows (so no mapped read can fault).
    static func readHeader(_ file: StoreDescriptor) throws(VectorStoreError) -> StoreHeader {
        let size = try file.size()
        let header = try StoreHeader.decode(file.read(count: StoreHeader.size, at: 0), path: file.path)
        let required = StoreLayout(header).requiredSize(for: header.count)
        guard size >= required else {
            throw .damaged(path: file.path, reason: "\(size) bytes, \(header.count) rows need \(required)")
        }
        return header
    }

    /// Creates, resets or repairs the file for a read-write open; the caller holds the exclusive lock.
    private static func prepareForWriting(_ file: StoreDescriptor, fresh: StoreHeader) throws(VectorStoreError) {
        // An empty file is one whose creator died before writing the header: nothing was committed to lose.
        guard try file.size() > 0 else {
            try writeHeader(fresh, to: file)
            try syncDirectory(of: file.path)
            return
        }
        let header = try readHeader(file)
        guard header.model == fresh.model && header.dimensions == fresh.dimensions else {
            // Zero the count first and durably: a crash in the header rewrite then leaves an empty store.
            try file.write(value: UInt64(0), at: StoreHeader.countOffset)
            try file.sync()
            try writeHeader(fresh, to: file)
            return
        }
        // Rows past the count are an upsert that died before committing; drop them and their spare segments.
        let required = StoreLayout(header).requiredSize(for: header.count)
        if try file.size() > required {
            try file.truncate(to: required)
            try file.sync()
        }
        if header.version < fresh.version {
            try upgrade(file, header: header, to: fresh.version)
        }
    }

    private static func writeHeader(_ header: StoreHeader, to file: StoreDescriptor) throws(VectorStoreError) {
        try file.write(contentsOf: header.encoded(), at: 0)
        try file.truncate(to: StoreHeader.size)
        try file.sync()
    }

    static func syncDirectory(of path: String) throws(VectorStoreError) {
        let directory = try StoreDescriptor(
            path: URL(fileURLWithPath: path).deletingLastPathComponent().path(percentEncoded: false), flags: O_RDONLY)
        try directory.sync()
    }
}
