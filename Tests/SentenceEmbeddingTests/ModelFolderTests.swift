import Foundation
import Testing

@testable import SentenceEmbedding

/// Loading refuses folders that are not a usable model, with a typed error.
struct ModelFolderTests {
    @Test func missingFolderIsMissingModel() {
        let folder = URL(fileURLWithPath: "/nonexistent/embedding-model")
        #expect(throws: SentenceEmbeddingError.missingModel(path: folder.appendingPathComponent("config.json").path)) {
            try SentenceEncoder(modelFolder: folder)
        }
    }

    @Test func unsupportedActivationIsDamagedModel() throws {
        let folder = try TemporaryFolder()
        let config = """
            {"hidden_size": 8, "num_hidden_layers": 1, "num_attention_heads": 2, "intermediate_size": 16,
             "max_position_embeddings": 16, "type_vocab_size": 2, "vocab_size": 10, "layer_norm_eps": 1e-12,
             "hidden_act": "relu"}
            """
        try Data(config.utf8).write(to: folder.url.appendingPathComponent("config.json"))
        #expect {
            try SentenceEncoder(modelFolder: folder.url)
        } throws: { error in
            guard case .damagedModel(_, let reason) = error as? SentenceEmbeddingError else { return false }
            return reason.contains("relu")
        }
    }
}
