/// Turns text into the token ids BERT reads: [CLS], WordPiece pieces truncated to fit, [SEP].
struct BertTokenizer: Sendable {
    let splitter: BertWordSplitter
    let vocabulary: WordPieceVocabulary
    let maximumSequenceLength: Int
    let classifierID: Int32
    let separatorID: Int32
    let unknownID: Int32
    /// Words longer than this (in Unicode scalars) become [UNK] without being split.
    let maximumCharactersPerWord = 100
    private static let continuationPrefix: [UInt8] = Array("##".utf8)

    init(
        splitter: BertWordSplitter, vocabulary: WordPieceVocabulary, maximumSequenceLength: Int,
        classifierID: Int32, separatorID: Int32, unknownID: Int32
    ) {
        self.splitter = splitter
        self.vocabulary = vocabulary
        self.maximumSequenceLength = maximumSequenceLength
        self.classifierID = classifierID
        self.separatorID = separatorID
        self.unknownID = unknownID
    }

    /// The ids of `text`, starting with [CLS] and ending with [SEP], at most `maximumSequenceLength` long.
    func tokenIDs(for text: String) -> [Int32] {
        let pieceLimit = maximumSequenceLength - 2
        var ids: [Int32] = [classifierID]
        for word in splitter.words(in: text) {
            appendPieces(of: word, to: &ids)
            if ids.count - 1 >= pieceLimit { break }
        }
        if ids.count - 1 > pieceLimit {
            ids.removeLast(ids.count - 1 - pieceLimit)
        }
        ids.append(separatorID)
        return ids
    }

    /// Greedy longest-match-first WordPiece; a word with any unmatched rest becomes a single [UNK].
    private func appendPieces(of word: [Unicode.Scalar], to ids: inout [Int32]) {
        guard word.count <= maximumCharactersPerWord else {
            ids.append(unknownID)
            return
        }
        var utf8: [UInt8] = []
        var boundaries: [Int] = [0]
        for scalar in word {
            UTF8.encode(scalar) { utf8.append($0) }
            boundaries.append(utf8.count)
        }
        var pieces: [Int32] = []
        var start = 0
        while start < word.count {
            var end = word.count
            var match: Int32?
            while start < end {
                var candidate = start > 0 ? Self.continuationPrefix : []
                candidate.append(contentsOf: utf8[boundaries[start]..<boundaries[end]])
                if let id = vocabulary.idsByPiece[candidate] {
                    match = id
                    break
                }
                end -= 1
            }
            guard let match else {
                ids.append(unknownID)
                return
            }
            pieces.append(match)
            start = end
        }
        ids.append(contentsOf: pieces)
    }
}
