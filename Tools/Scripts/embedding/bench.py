"""Times sentence-transformers (torch, CPU, 2 threads) on the 1,000 texts EmbeddingBench uses.

Usage: .build/venv/bin/python Tools/Scripts/embedding/bench.py [runs]
"""

import json
import os
import pathlib
import resource
import subprocess
import sys
import time

os.environ.setdefault("HF_HUB_OFFLINE", "1")
os.environ.setdefault("TRANSFORMERS_OFFLINE", "1")

import torch  # noqa: E402
from sentence_transformers import SentenceTransformer  # noqa: E402

root = pathlib.Path(__file__).resolve().parents[3]


def benchmark_texts(count):
    """The generator main.swift copies: a 64-bit LCG drawing words of the fixture's long abstract."""
    texts = json.loads((root / "Tests" / "SentenceEmbeddingTests" / "Fixtures" / "texts.json").read_text("utf-8"))
    words = max(texts, key=len).split(" ")
    state = 42

    def next_value():
        nonlocal state
        state = (state * 6364136223846793005 + 1442695040888963407) % (1 << 64)
        return state >> 33

    result = []
    for _ in range(count):
        length = 40 + next_value() % 200
        result.append(" ".join(words[next_value() % len(words)] for _ in range(length)))
    return result


torch.set_num_threads(2)
model_dir = os.environ.get("STRATA_EMBEDDING_MODEL") or subprocess.run(
    [str(root / "Tools" / "Scripts" / "embedding" / "model.sh")], check=True, capture_output=True, text=True
).stdout.strip()
model = SentenceTransformer(model_dir, device="cpu")
texts = benchmark_texts(1000)
print(f"texts: {len(texts)}, characters: {sum(len(t) for t in texts)}")
for _ in range(int(sys.argv[1]) if len(sys.argv) > 1 else 1):
    start = time.perf_counter()
    start_cpu = resource.getrusage(resource.RUSAGE_SELF)
    vectors = model.encode(texts, batch_size=32, normalize_embeddings=True, convert_to_numpy=True)
    seconds = time.perf_counter() - start
    end_cpu = resource.getrusage(resource.RUSAGE_SELF)
    cpu = end_cpu.ru_utime + end_cpu.ru_stime - start_cpu.ru_utime - start_cpu.ru_stime
    print(
        f"python: {len(texts) / seconds:.1f} texts/s ({seconds:.2f} s wall, {cpu:.2f} CPU-s, batch 32, torch threads "
        f"{torch.get_num_threads()}, checksum {float(vectors[:, 0].sum()):.5f})"
    )
