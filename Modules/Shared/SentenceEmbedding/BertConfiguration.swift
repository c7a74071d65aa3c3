/// The fields of a BERT `config.json` that the encoder depends on.
struct BertConfiguration: Decodable, Sendable, Equatable {
    let hiddenSize: Int
    let layerCount: Int
    let headCount: Int
    let intermediateSize: Int
    let maximumPositions: Int
    let tokenTypeCount: Int
    let vocabularySize: Int
    let layerNormEpsilon: Float
    let activation: String

    enum CodingKeys: String, CodingKey {
        case hiddenSize = "hidden_size"
        case layerCount = "num_hidden_layers"
        case headCount = "num_attention_heads"
        case intermediateSize = "intermediate_size"
        case maximumPositions = "max_position_embeddings"
        case tokenTypeCount = "type_vocab_size"
        case vocabularySize = "vocab_size"
        case layerNormEpsilon = "layer_norm_eps"
        case activation = "hidden_act"
    }

    var headSize: Int { hiddenSize / headCount }

    /// Why this configuration cannot be run by `BertEncoder`, or `nil` when it can.
    var unsupportedReason: String? {
        let sizes = [
            hiddenSize, layerCount, headCount, intermediateSize, maximumPositions, tokenTypeCount, vocabularySize,
        ]
        if sizes.contains(where: { $0 <= 0 || $0 > 1 << 20 }) {
            return "config.json has a size that is not positive or implausibly large"
        }
        if hiddenSize % headCount != 0 {
            return "hidden_size \(hiddenSize) is not a multiple of num_attention_heads \(headCount)"
        }
        if activation != "gelu" {
            return "hidden_act \(activation) is not supported, only gelu"
        }
        if !(layerNormEpsilon > 0) {
            return "layer_norm_eps must be positive"
        }
        return nil
    }
}
