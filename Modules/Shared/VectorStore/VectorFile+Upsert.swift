extension VectorFile {
    /// Adds or replaces vectors durably (fsync) before returning; a stored key is overwritten in its own row.
    ///
    /// Within one call the last entry for a key wins. A crash leaves every row committed before intact except
    /// those this call was replacing, which read as absent until upserted again (never as a torn vector).
    public func upsert(_ entries: [(key: String, contentHash: UInt64, vector: [Float])]) throws(VectorStoreError) {
        try upsert(entries, stoppingAfter: nil)
    }

    /// `upsert`, returning early after `stage` to leave the file as a crash there would.
    func upsert(
        _ entries: [(key: String, contentHash: UInt64, vector: [Float])], stoppingAfter stage: UpsertStage?
    ) throws(VectorStoreError) {
        guard access == .readWrite else { throw .readOnly(path: path) }
        var latest: [StoreKey: Int] = [:]
        var order: [StoreKey] = []
        for (index, entry) in entries.enumerated() {
            guard entry.vector.count == dimensions else {
                throw .invalidArgument(path: path, reason: "vector of \(entry.vector.count) floats, not \(dimensions)")
            }
            let key = try StoreKey(validating: entry.key, path: path)
            if latest.updateValue(index, forKey: key) == nil { order.append(key) }
        }
        guard !order.isEmpty else { return }
        try withSnapshot(exclusive: true) { (snapshot) throws(VectorStoreError) in
            try write(entries, latest: latest, order: order, into: snapshot, stoppingAfter: stage)
        }
    }

    /// The three durable phases; the caller holds the exclusive lock.
    private func write(
        _ entries: [(key: String, contentHash: UInt64, vector: [Float])], latest: [StoreKey: Int],
        order: [StoreKey], into snapshot: Snapshot, stoppingAfter stage: UpsertStage?
    ) throws(VectorStoreError) {
        let (layout, file) = (snapshot.layout, snapshot.file)
        var existing: [StoreKey: Int] = [:]
        // Pending rows are matched too: their key is intact, and this upsert is what repairs them.
        for run in layout.segmentRuns(0..<snapshot.count) {
            for row in run where latest[snapshot.key(row)] != nil {
                existing[snapshot.key(row)] = row
            }
        }
        let added = order.filter { existing[$0] == nil }
        // Phase 1: replaced rows read as absent from here until phase 3, so no one trusts a half-written vector.
        for row in existing.values {
            try file.write(
                value: RowState.pending.rawValue.littleEndian, at: layout.keyOffset(row) + StoreLayout.stateOffset)
        }
        if !existing.isEmpty { try file.sync() }
        if stage == .markedPending { return }
        // Phase 2: vectors in place and new rows past the count, invisible until the count says otherwise.
        let newCount = snapshot.count + added.count
        guard newCount <= StoreHeader.maximumCount else {
            throw .invalidArgument(path: path, reason: "\(newCount) rows, at most \(StoreHeader.maximumCount)")
        }
        if layout.requiredSize(for: newCount) > (try file.size()) {
            try file.truncate(to: layout.requiredSize(for: newCount))
        }
        for (key, row) in existing {
            let vector = entries[latest[key] ?? 0].vector
            try file.write(contentsOf: vector, at: layout.vectorOffset(row))
            if layout.hasCodes {
                let (codes, scale) = Int8Codes.encode(vector)
                try file.write(value: scale, at: layout.scaleOffset(row))
                try file.write(contentsOf: codes, at: layout.codeOffset(row))
            }
        }
        try appendRows(
            added.map { entries[latest[$0] ?? 0] }, keys: added, from: snapshot.count, layout: layout, file: file)
        try file.sync()
        if stage == .wroteRows { return }
        // Phase 3: the new hashes with the valid state (one 12-byte write each), then the count commits new rows.
        for (key, row) in existing {
            var tail = [UInt8](repeating: 0, count: 12)
            tail.withUnsafeMutableBytes { raw in
                raw.storeBytes(of: entries[latest[key] ?? 0].contentHash.littleEndian, as: UInt64.self)
                raw.storeBytes(of: RowState.valid.rawValue.littleEndian, toByteOffset: 8, as: UInt32.self)
            }
            try file.write(contentsOf: tail, at: layout.keyOffset(row) + StoreLayout.hashOffset)
        }
        if !added.isEmpty {
            try file.write(value: UInt64(newCount).littleEndian, at: StoreHeader.countOffset)
        }
        try file.sync()
    }

    /// Writes new rows from `start`, one write per block (keys, vectors, scales, codes) per segment run.
    private func appendRows(
        _ entries: [(key: String, contentHash: UInt64, vector: [Float])], keys: [StoreKey], from start: Int,
        layout: StoreLayout, file: StoreDescriptor
    ) throws(VectorStoreError) {
        for run in layout.segmentRuns(start..<start + entries.count) {
            let slice = (run.lowerBound - start)..<(run.upperBound - start)
            var keyBlock = [UInt8](repeating: 0, count: run.count * StoreLayout.keyRowBytes)
            keyBlock.withUnsafeMutableBytes { raw in
                for (offset, index) in slice.enumerated() {
                    let rowBase = offset * StoreLayout.keyRowBytes
                    keys[index].store(into: UnsafeMutableRawBufferPointer(rebasing: raw[rowBase...]))
                    raw.storeBytes(
                        of: entries[index].contentHash.littleEndian, toByteOffset: rowBase + StoreLayout.hashOffset,
                        as: UInt64.self)
                    raw.storeBytes(
                        of: RowState.valid.rawValue.littleEndian, toByteOffset: rowBase + StoreLayout.stateOffset,
                        as: UInt32.self)
                }
            }
            var vectorBlock: [Float] = []
            vectorBlock.reserveCapacity(run.count * dimensions)
            for index in slice { vectorBlock.append(contentsOf: entries[index].vector) }
            try file.write(contentsOf: keyBlock, at: layout.keyOffset(run.lowerBound))
            try file.write(contentsOf: vectorBlock, at: layout.vectorOffset(run.lowerBound))
            guard layout.hasCodes else { continue }
            var scales: [Float] = []
            var codes: [Int8] = []
            scales.reserveCapacity(run.count)
            codes.reserveCapacity(run.count * dimensions)
            for index in slice {
                let encoded = Int8Codes.encode(entries[index].vector)
                scales.append(encoded.scale)
                codes.append(contentsOf: encoded.codes)
            }
            try file.write(contentsOf: scales, at: layout.scaleOffset(run.lowerBound))
            try file.write(contentsOf: codes, at: layout.codeOffset(run.lowerBound))
        }
    }
}
