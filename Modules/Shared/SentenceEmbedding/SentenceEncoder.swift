import COpenBLAS
import Dispatch
import Foundation
import Synchronization

/// Turns texts into unit-length sentence embeddings with a BERT sentence-transformers model such as all-MiniLM-L6-v2.
public struct SentenceEncoder: Sendable {
    /// The length of every embedding.
    public let dimensions: Int
    /// Identifies the exact weights, vocabulary and settings, so stored vectors can be tied to what made them.
    public let modelVersion: String
    /// Texts longer than this many tokens (counting [CLS] and [SEP]) are cut, as sentence-transformers does.
    public let maximumTokenCount: Int

    let tokenizer: BertTokenizer
    let encoder: BertEncoder
    let batchSize: Int
    let concurrentBatches: Int

    /// Loads the model in `modelFolder` (model.safetensors, vocab.txt, config.json and the sentence-transformers settings).
    ///
    /// - Parameters:
    ///   - batchSize: how many texts of similar length go through the encoder together.
    ///   - concurrentBatches: how many batches are encoded at once, each on its own thread; above 1,
    ///     OpenBLAS is switched to one thread per call for the whole process, because batches in
    ///     parallel beat OpenBLAS's own threads (27 against 19.5 texts/s on 2 cores, EmbeddingBench --count 300).
    public init(
        modelFolder: URL, batchSize: Int = 32,
        concurrentBatches: Int = ProcessInfo.processInfo.activeProcessorCount
    ) throws(SentenceEmbeddingError) {
        let settings = try ModelFolderSettings(folder: modelFolder)
        let configuration = settings.configuration
        let vocabularyPath = modelFolder.appendingPathComponent("vocab.txt").path
        let vocabularyFile = try MappedFile(path: vocabularyPath)
        let vocabulary = try WordPieceVocabulary(vocabularyFile: vocabularyFile.bytes, path: vocabularyPath)
        guard vocabulary.count <= configuration.vocabularySize else {
            throw .damagedModel(
                path: vocabularyPath,
                reason: "\(vocabulary.count) tokens but the model embeds only \(configuration.vocabularySize)")
        }
        let tokenizerSettings = settings.tokenizer
        func id(of token: String) throws(SentenceEmbeddingError) -> Int32 {
            guard let id = vocabulary.id(of: token) else {
                throw .damagedModel(path: vocabularyPath, reason: "no \(token) token")
            }
            return id
        }
        let maximumTokenCount = min(
            settings.sentence.maximumSequenceLength ?? configuration.maximumPositions, configuration.maximumPositions)
        guard maximumTokenCount >= 2 else {
            throw .damagedModel(path: modelFolder.path, reason: "max_seq_length \(maximumTokenCount) leaves no room")
        }
        tokenizer = BertTokenizer(
            splitter: BertWordSplitter(
                lowercases: tokenizerSettings.lowercases,
                // HuggingFace strips accents whenever it lower-cases, unless told otherwise.
                stripsAccents: tokenizerSettings.stripsAccents ?? tokenizerSettings.lowercases,
                isolatesChineseCharacters: tokenizerSettings.isolatesChineseCharacters),
            vocabulary: vocabulary,
            maximumSequenceLength: maximumTokenCount,
            classifierID: try id(of: tokenizerSettings.classifierToken),
            separatorID: try id(of: tokenizerSettings.separatorToken),
            unknownID: try id(of: tokenizerSettings.unknownToken))

        let weightsFile = try SafetensorsFile(path: modelFolder.appendingPathComponent("model.safetensors").path)
        encoder = BertEncoder(
            configuration: configuration, weights: try BertWeights(file: weightsFile, configuration: configuration))

        var fingerprint = ModelFingerprint()
        for data in settings.rawFiles {
            data.withUnsafeBytes { fingerprint.add($0) }
        }
        fingerprint.add(vocabularyFile.bytes)
        fingerprint.add(weightsFile.file.bytes)
        modelVersion =
            "bert-l\(configuration.layerCount)-h\(configuration.hiddenSize)-t\(maximumTokenCount)-"
            + fingerprint.hexadecimal
        dimensions = configuration.hiddenSize
        self.maximumTokenCount = maximumTokenCount
        self.batchSize = max(1, batchSize)
        self.concurrentBatches = max(1, concurrentBatches)
        if self.concurrentBatches > 1 {
            // Two OpenBLAS thread pools spinning against each other would halve the throughput.
            openblas_set_num_threads(1)
        }
    }

    /// One unit-length vector of `dimensions` floats per text, in the order of `texts`.
    ///
    /// Cannot fail: the model was checked when it was loaded, and every text tokenizes.
    public func embed(_ texts: [String]) -> [[Float]] {
        let sequences = texts.map(tokenizer.tokenIDs(for:))
        // Longest first, so batches hold texts of similar length and the slowest batch starts first.
        let order = sequences.indices.sorted { sequences[$0].count > sequences[$1].count }
        let batches = stride(from: 0, to: order.count, by: batchSize).map {
            Array(order[$0..<min($0 + batchSize, order.count)])
        }
        let results = Mutex([[Float]](repeating: [], count: texts.count))
        let nextBatch = Atomic(0)
        let workers = min(concurrentBatches, batches.count)
        DispatchQueue.concurrentPerform(iterations: workers) { _ in
            let workspace = EncoderWorkspace()
            while true {
                let batchIndex = nextBatch.wrappingAdd(1, ordering: .relaxed).oldValue
                guard batchIndex < batches.count else { return }
                let members = batches[batchIndex]
                let vectors = encoder.embed(members.map { sequences[$0] }, workspace: workspace)
                results.withLock { results in
                    for (member, vector) in zip(members, vectors) {
                        results[member] = vector
                    }
                }
            }
        }
        return results.withLock { $0 }
    }

    /// The token ids the encoder sees for `text`, [CLS] and [SEP] included.
    func tokenIDs(for text: String) -> [Int32] {
        tokenizer.tokenIDs(for: text)
    }
}
