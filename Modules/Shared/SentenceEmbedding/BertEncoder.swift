/// BERT's encoder followed by mean pooling and L2 normalisation.
///
/// A batch is held without padding: the tokens of all its sequences lie back to back, so
/// the linear layers only ever see real tokens and attention runs per sequence. This gives
/// the same result as a padded batch with an attention mask, whose masked keys get weight 0.
struct BertEncoder: Sendable {
    let configuration: BertConfiguration
    let weights: BertWeights

    /// One unit vector per sequence; every id must be below the vocabulary size and every
    /// sequence at most `maximumPositions` long (the tokenizer guarantees both).
    func embed(_ sequences: [[Int32]], workspace: EncoderWorkspace) -> [[Float]] {
        let hiddenSize = configuration.hiddenSize
        let tokenCount = sequences.reduce(0) { $0 + $1.count }
        guard tokenCount > 0 else {
            return sequences.map { _ in [Float](repeating: 0, count: hiddenSize) }
        }
        var starts: [Int] = []
        var offset = 0
        for sequence in sequences {
            starts.append(offset)
            offset += sequence.count
        }
        let batch = Batch(lengths: sequences.map(\.count), starts: starts, tokenCount: tokenCount)

        let hidden = workspace.hidden.reserve(tokenCount * hiddenSize)
        let residual = workspace.residual.reserve(tokenCount * hiddenSize)
        embedTokens(sequences, into: residual)
        VectorKernels.biasLayerNorm(
            residual, bias: nil, scale: weights.embeddingNormScale.pointer,
            shift: weights.embeddingNormBias.pointer, epsilon: configuration.layerNormEpsilon,
            rows: tokenCount, columns: hiddenSize, output: hidden)

        for layer in weights.layers {
            attend(layer, batch: batch, hidden: hidden, workspace: workspace)
            feedForward(layer, tokenCount: tokenCount, hidden: hidden, workspace: workspace)
        }
        return pool(hidden, batch: batch)
    }

    /// Where each sequence's tokens start inside the unpadded batch.
    struct Batch {
        let lengths: [Int]
        let starts: [Int]
        let tokenCount: Int
    }

    /// Word + position + token-type (always type 0) embeddings, before their LayerNorm.
    private func embedTokens(_ sequences: [[Int32]], into output: UnsafeMutablePointer<Float>) {
        let hiddenSize = configuration.hiddenSize
        let tokenType = weights.tokenTypeEmbeddings.pointer
        var row = 0
        for sequence in sequences {
            for (position, id) in sequence.enumerated() {
                let word = weights.wordEmbeddings.pointer + Int(id) * hiddenSize
                let place = weights.positionEmbeddings.pointer + position * hiddenSize
                let target = output + row * hiddenSize
                for column in 0..<hiddenSize {
                    target[column] = word[column] + place[column] + tokenType[column]
                }
                row += 1
            }
        }
    }

    /// Multi-head self-attention with its output projection, residual and LayerNorm, in place on `hidden`.
    private func attend(
        _ layer: BertLayerWeights, batch: Batch, hidden: UnsafeMutablePointer<Float>, workspace: EncoderWorkspace
    ) {
        let hiddenSize = configuration.hiddenSize
        let headSize = configuration.headSize
        let stride = 3 * hiddenSize
        let tokenCount = batch.tokenCount
        let queryKeyValue = workspace.queryKeyValue.reserve(tokenCount * stride)
        let context = workspace.context.reserve(tokenCount * hiddenSize)
        let residual = workspace.residual.reserve(tokenCount * hiddenSize)
        let longest = batch.lengths.max() ?? 0
        let scores = workspace.scores.reserve(longest * longest)

        MatrixProduct.multiplyTransposed(
            hidden, leadingA: hiddenSize, layer.queryKeyValue.pointer, leadingB: hiddenSize,
            into: queryKeyValue, leadingC: stride, rows: tokenCount, columns: stride, depth: hiddenSize)
        // Add the biases, and fold 1/√headSize into the queries instead of scaling every score.
        let queryScale = 1 / Float(headSize).squareRoot()
        let bias = layer.queryKeyValueBias.pointer
        for row in 0..<tokenCount {
            let line = queryKeyValue + row * stride
            for column in 0..<hiddenSize {
                line[column] = (line[column] + bias[column]) * queryScale
            }
            for column in hiddenSize..<stride {
                line[column] += bias[column]
            }
        }

        for (sequence, length) in batch.lengths.enumerated() where length > 0 {
            let base = queryKeyValue + batch.starts[sequence] * stride
            for head in 0..<configuration.headCount {
                let queries = base + head * headSize
                MatrixProduct.multiplyTransposed(
                    queries, leadingA: stride, queries + hiddenSize, leadingB: stride,
                    into: scores, leadingC: length, rows: length, columns: length, depth: headSize)
                for row in 0..<length {
                    VectorKernels.softmax(scores + row * length, count: length)
                }
                MatrixProduct.multiply(
                    scores, leadingA: length, queries + 2 * hiddenSize, leadingB: stride,
                    into: context + batch.starts[sequence] * hiddenSize + head * headSize, leadingC: hiddenSize,
                    rows: length, columns: headSize, depth: length)
            }
        }

        addProjected(
            context, depth: hiddenSize, weight: layer.attentionOutput.pointer, bias: layer.attentionOutputBias.pointer,
            scale: layer.attentionNormScale.pointer, shift: layer.attentionNormBias.pointer, to: hidden,
            residual: residual, tokenCount: tokenCount)
    }

    /// The GELU feed-forward block with its residual and LayerNorm, in place on `hidden`.
    private func feedForward(
        _ layer: BertLayerWeights, tokenCount: Int, hidden: UnsafeMutablePointer<Float>, workspace: EncoderWorkspace
    ) {
        let hiddenSize = configuration.hiddenSize
        let innerSize = configuration.intermediateSize
        let intermediate = workspace.intermediate.reserve(tokenCount * innerSize)
        let residual = workspace.residual.reserve(tokenCount * hiddenSize)

        MatrixProduct.multiplyTransposed(
            hidden, leadingA: hiddenSize, layer.intermediate.pointer, leadingB: hiddenSize,
            into: intermediate, leadingC: innerSize, rows: tokenCount, columns: innerSize, depth: hiddenSize)
        VectorKernels.biasGELU(intermediate, rows: tokenCount, columns: innerSize, bias: layer.intermediateBias.pointer)

        addProjected(
            intermediate, depth: innerSize, weight: layer.output.pointer, bias: layer.outputBias.pointer,
            scale: layer.outputNormScale.pointer, shift: layer.outputNormBias.pointer, to: hidden,
            residual: residual, tokenCount: tokenCount)
    }

    /// `hidden = LayerNorm(hidden + input · weightᵀ + bias)`: the residual step that closes both
    /// blocks, with `residual` as scratch space of `hidden`'s size.
    private func addProjected(
        _ input: UnsafeMutablePointer<Float>, depth: Int, weight: UnsafePointer<Float>, bias: UnsafePointer<Float>,
        scale: UnsafePointer<Float>, shift: UnsafePointer<Float>, to hidden: UnsafeMutablePointer<Float>,
        residual: UnsafeMutablePointer<Float>, tokenCount: Int
    ) {
        let hiddenSize = configuration.hiddenSize
        residual.update(from: hidden, count: tokenCount * hiddenSize)
        MatrixProduct.multiplyTransposed(
            input, leadingA: depth, weight, leadingB: depth, into: residual, leadingC: hiddenSize,
            rows: tokenCount, columns: hiddenSize, depth: depth, accumulate: true)
        VectorKernels.biasLayerNorm(
            residual, bias: bias, scale: scale, shift: shift, epsilon: configuration.layerNormEpsilon,
            rows: tokenCount, columns: hiddenSize, output: hidden)
    }

    /// The mean of each sequence's token vectors, scaled to unit length (as torch's F.normalize, eps 1e-12).
    private func pool(_ hidden: UnsafeMutablePointer<Float>, batch: Batch) -> [[Float]] {
        let hiddenSize = configuration.hiddenSize
        return batch.lengths.enumerated().map { sequence, length in
            var mean = [Float](repeating: 0, count: hiddenSize)
            guard length > 0 else { return mean }
            for row in batch.starts[sequence]..<(batch.starts[sequence] + length) {
                let line = hidden + row * hiddenSize
                for column in 0..<hiddenSize {
                    mean[column] += line[column]
                }
            }
            let inverseLength = 1 / Float(length)
            var squares: Float = 0
            for column in 0..<hiddenSize {
                mean[column] *= inverseLength
                squares += mean[column] * mean[column]
            }
            let inverseNorm = 1 / max(squares.squareRoot(), 1e-12)
            return mean.map { $0 * inverseNorm }
        }
    }
}
