import Foundation

/// The settings that sentence-transformers keeps beside the weights, read with the same defaults it uses.
struct ModelFolderSettings: Sendable {
    /// `tokenizer_config.json`.
    struct TokenizerSettings: Decodable, Sendable {
        var lowercases = true
        var stripsAccents: Bool?
        var isolatesChineseCharacters = true
        var unknownToken = "[UNK]"
        var classifierToken = "[CLS]"
        var separatorToken = "[SEP]"

        enum CodingKeys: String, CodingKey {
            case lowercases = "do_lower_case"
            case stripsAccents = "strip_accents"
            case isolatesChineseCharacters = "tokenize_chinese_chars"
            case unknownToken = "unk_token"
            case classifierToken = "cls_token"
            case separatorToken = "sep_token"
        }

        init() {}

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            lowercases = try container.decodeIfPresent(Bool.self, forKey: .lowercases) ?? lowercases
            stripsAccents = try container.decodeIfPresent(Bool.self, forKey: .stripsAccents)
            isolatesChineseCharacters =
                try container.decodeIfPresent(Bool.self, forKey: .isolatesChineseCharacters)
                ?? isolatesChineseCharacters
            unknownToken = try container.decodeIfPresent(String.self, forKey: .unknownToken) ?? unknownToken
            classifierToken = try container.decodeIfPresent(String.self, forKey: .classifierToken) ?? classifierToken
            separatorToken = try container.decodeIfPresent(String.self, forKey: .separatorToken) ?? separatorToken
        }
    }

    /// `sentence_bert_config.json`.
    struct SentenceSettings: Decodable, Sendable {
        var maximumSequenceLength: Int?
        enum CodingKeys: String, CodingKey { case maximumSequenceLength = "max_seq_length" }
    }

    /// `1_Pooling/config.json`.
    struct PoolingSettings: Decodable, Sendable {
        var meanTokens: Bool?
        var classifierToken: Bool?
        var maximumTokens: Bool?
        var meanSquareRootLength: Bool?
        enum CodingKeys: String, CodingKey {
            case meanTokens = "pooling_mode_mean_tokens"
            case classifierToken = "pooling_mode_cls_token"
            case maximumTokens = "pooling_mode_max_tokens"
            case meanSquareRootLength = "pooling_mode_mean_sqrt_len_tokens"
        }
        var isMeanOnly: Bool {
            meanTokens != false && classifierToken != true && maximumTokens != true && meanSquareRootLength != true
        }
    }

    let configuration: BertConfiguration
    let tokenizer: TokenizerSettings
    let sentence: SentenceSettings
    let pooling: PoolingSettings
    /// The raw bytes of every settings file, for the model fingerprint.
    let rawFiles: [Data]

    init(folder: URL) throws(SentenceEmbeddingError) {
        var rawFiles: [Data] = []
        func read<Settings: Decodable>(
            _ type: Settings.Type, _ name: String, required: Bool
        ) throws(SentenceEmbeddingError) -> Settings? {
            let file = folder.appendingPathComponent(name)
            guard FileManager.default.fileExists(atPath: file.path) else {
                if required { throw .missingModel(path: file.path) }
                return nil
            }
            do {
                let data = try Data(contentsOf: file)
                rawFiles.append(data)
                return try JSONDecoder().decode(type, from: data)
            } catch {
                throw .damagedModel(path: file.path, reason: "cannot read its settings: \(error)")
            }
        }
        guard let configuration = try read(BertConfiguration.self, "config.json", required: true) else {
            throw .missingModel(path: folder.appendingPathComponent("config.json").path)
        }
        if let reason = configuration.unsupportedReason {
            throw .damagedModel(path: folder.appendingPathComponent("config.json").path, reason: reason)
        }
        self.configuration = configuration
        tokenizer = try read(TokenizerSettings.self, "tokenizer_config.json", required: false) ?? TokenizerSettings()
        sentence =
            try read(SentenceSettings.self, "sentence_bert_config.json", required: false)
            ?? SentenceSettings()
        pooling = try read(PoolingSettings.self, "1_Pooling/config.json", required: false) ?? PoolingSettings()
        guard pooling.isMeanOnly else {
            throw .damagedModel(
                path: folder.appendingPathComponent("1_Pooling/config.json").path,
                reason: "only mean pooling is supported")
        }
        self.rawFiles = rawFiles
    }
}
