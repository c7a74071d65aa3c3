import Foundation

extension VectorFile {
    /// Rewrites a version 1 store as `version`: beside the file (a symlink's target, not the link), segment by
    /// segment with each row's int8 codes, synced, then renamed over it with the file's permissions. The caller
    /// holds the exclusive lock on the old file; a crash or a full disk leaves the old file as it was.
    static func upgrade(_ file: StoreDescriptor, header: StoreHeader, to version: Int) throws(VectorStoreError) {
        var upgraded = header
        upgraded.version = version
        let (before, after) = (StoreLayout(header), StoreLayout(upgraded))
        guard let resolved = realpath(file.path, nil) else {
            throw .system(path: file.path, operation: "realpath", code: errno)
        }
        let path = String(cString: resolved)
        free(resolved)
        var status = stat()
        guard fstat(file.descriptor, &status) == 0 else {
            throw .system(path: file.path, operation: "fstat", code: errno)
        }
        let source = try Mapping(file, length: before.requiredSize(for: header.count))
        let temporaryPath = path + ".upgrade"
        let target = try StoreDescriptor(path: temporaryPath, flags: O_RDWR | O_CREAT | O_TRUNC)
        do throws(VectorStoreError) {
            guard fchmod(target.descriptor, status.st_mode & 0o7777) == 0 else {
                throw .system(path: temporaryPath, operation: "fchmod", code: errno)
            }
            try target.write(contentsOf: upgraded.encoded(), at: 0)
            try target.truncate(to: after.requiredSize(for: header.count))
            for run in before.segmentRuns(0..<header.count) {
                try copy(run, from: source, before, to: target, after)
            }
            try target.sync()
            guard rename(temporaryPath, path) == 0 else {
                throw .system(path: path, operation: "rename", code: errno)
            }
            try syncDirectory(of: path)
        } catch {
            unlink(temporaryPath)
            throw error
        }
    }

    /// Writes one segment run's keys and vectors at their new offsets, and the codes made from the vectors.
    private static func copy(
        _ run: Range<Int>, from source: Mapping, _ before: StoreLayout, to target: StoreDescriptor,
        _ after: StoreLayout
    ) throws(VectorStoreError) {
        let dimensions = before.dimensions
        let keys = UnsafeRawBufferPointer(
            start: source.base + before.keyOffset(run.lowerBound), count: run.count * StoreLayout.keyRowBytes)
        try target.write(keys, at: after.keyOffset(run.lowerBound))
        let vectors = UnsafeRawBufferPointer(
            start: source.base + before.vectorOffset(run.lowerBound), count: run.count * before.vectorRowBytes)
        try target.write(vectors, at: after.vectorOffset(run.lowerBound))
        var scales = [Float](repeating: 0, count: run.count)
        var codes = [Int8](repeating: 0, count: run.count * dimensions)
        let floats = (source.base + before.vectorOffset(run.lowerBound)).assumingMemoryBound(to: Float.self)
        codes.withUnsafeMutableBufferPointer { allCodes in
            for row in 0..<run.count {
                scales[row] = Int8Codes.encode(
                    UnsafeBufferPointer(start: floats + row * dimensions, count: dimensions),
                    into: UnsafeMutableBufferPointer(rebasing: allCodes[row * dimensions..<(row + 1) * dimensions]))
            }
        }
        try target.write(contentsOf: scales, at: after.scaleOffset(run.lowerBound))
        try target.write(contentsOf: codes, at: after.codeOffset(run.lowerBound))
    }
}
