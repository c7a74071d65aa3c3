/// The weights of one transformer layer, with query, key and value fused into one matrix
/// so that a single matrix product computes all three.
struct BertLayerWeights: Sendable {
    /// Rows: the query, key and value output features, each `hiddenSize` long; columns: input features.
    let queryKeyValue: FloatStorage
    let queryKeyValueBias: FloatStorage
    let attentionOutput: FloatStorage
    let attentionOutputBias: FloatStorage
    let attentionNormScale: FloatStorage
    let attentionNormBias: FloatStorage
    let intermediate: FloatStorage
    let intermediateBias: FloatStorage
    let output: FloatStorage
    let outputBias: FloatStorage
    let outputNormScale: FloatStorage
    let outputNormBias: FloatStorage
}

/// All weights of a BERT encoder, copied out of the safetensors file as `Float`
/// (the copy also converts F16/BF16 files and leaves the mapping free to go).
struct BertWeights: Sendable {
    let wordEmbeddings: FloatStorage
    let positionEmbeddings: FloatStorage
    let tokenTypeEmbeddings: FloatStorage
    let embeddingNormScale: FloatStorage
    let embeddingNormBias: FloatStorage
    let layers: [BertLayerWeights]

    init(file: SafetensorsFile, configuration: BertConfiguration) throws(SentenceEmbeddingError) {
        let hidden = configuration.hiddenSize
        let inner = configuration.intermediateSize
        // Checkpoints saved from BertForMaskedLM and friends prefix every name with "bert.".
        let prefix = file.tensors["embeddings.word_embeddings.weight"] == nil ? "bert." : ""
        func floats(_ name: String, _ shape: [Int]) throws(SentenceEmbeddingError) -> [Float] {
            try file.floats(prefix + name, shape: shape)
        }
        func load(_ name: String, _ shape: [Int]) throws(SentenceEmbeddingError) -> FloatStorage {
            FloatStorage(try floats(name, shape))
        }
        wordEmbeddings = try load("embeddings.word_embeddings.weight", [configuration.vocabularySize, hidden])
        positionEmbeddings = try load(
            "embeddings.position_embeddings.weight", [configuration.maximumPositions, hidden])
        tokenTypeEmbeddings = try load(
            "embeddings.token_type_embeddings.weight", [configuration.tokenTypeCount, hidden])
        embeddingNormScale = try load("embeddings.LayerNorm.weight", [hidden])
        embeddingNormBias = try load("embeddings.LayerNorm.bias", [hidden])

        var layers: [BertLayerWeights] = []
        for index in 0..<configuration.layerCount {
            let layer = "encoder.layer.\(index)."
            let attention = layer + "attention."
            var queryKeyValue: [Float] = []
            var queryKeyValueBias: [Float] = []
            for part in ["query", "key", "value"] {
                queryKeyValue += try floats(attention + "self.\(part).weight", [hidden, hidden])
                queryKeyValueBias += try floats(attention + "self.\(part).bias", [hidden])
            }
            layers.append(
                BertLayerWeights(
                    queryKeyValue: FloatStorage(queryKeyValue),
                    queryKeyValueBias: FloatStorage(queryKeyValueBias),
                    attentionOutput: try load(attention + "output.dense.weight", [hidden, hidden]),
                    attentionOutputBias: try load(attention + "output.dense.bias", [hidden]),
                    attentionNormScale: try load(attention + "output.LayerNorm.weight", [hidden]),
                    attentionNormBias: try load(attention + "output.LayerNorm.bias", [hidden]),
                    intermediate: try load(layer + "intermediate.dense.weight", [inner, hidden]),
                    intermediateBias: try load(layer + "intermediate.dense.bias", [inner]),
                    output: try load(layer + "output.dense.weight", [hidden, inner]),
                    outputBias: try load(layer + "output.dense.bias", [hidden]),
                    outputNormScale: try load(layer + "output.LayerNorm.weight", [hidden]),
                    outputNormBias: try load(layer + "output.LayerNorm.bias", [hidden])))
        }
        self.layers = layers
    }
}
