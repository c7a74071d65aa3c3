#!/usr/bin/env bash
# Papers by meaning: the Swift encoder beside sentence-transformers (torch, CPU, 2 threads) on the
# same 1,000 texts, rounds interleaved; `papers library embed` on a recorded day (1,504 papers) and
# what that rate means for 10,000 and 3 million papers; `papers similar` on that library padded to
# 3 million vectors (time and peak memory of the whole command); the int8 scan's recall@10 against
# exact search on the day's vectors; `nearest` alone, int8 and exact, beside the sgemv floor (VectorBench);
# and how often each ranking's top 10 shares the paper's primary category, by words and by meaning.
# $1 is the release bin dir. The Python side (requirements.txt) is installed from PyPI into
# .build/embedding-venv on first use (EMBEDDING_VENV names another), never in make test.
set -euo pipefail
bin="$1"
here="$(cd "$(dirname "$0")" && pwd)"
root="$(cd "$here/../../.." && pwd)"
model="$("$root/Tools/Scripts/embedding/model.sh")"
export STRATA_EMBEDDING_MODEL="$model" STRATA_PAPERS_MODEL="$model"
venv="${EMBEDDING_VENV:-$root/.build/embedding-venv}"
if [ ! -x "$venv/bin/python" ]; then
  python3 -m venv "$venv" >&2
  "$venv/bin/pip" install --quiet --disable-pip-version-check -r "$root/Tools/Scripts/embedding/requirements.txt" >&2
fi
work="$(mktemp -d)"
trap 'rm -rf "$work"; kill "${server:-0}" 2>/dev/null || true' EXIT

echo "-- encoder: 1,000 abstract-like texts, 2 cores, 3 interleaved rounds --"
swift_rates=() python_rates=()
for round in 1 2 3; do
  swift_rates+=("$("$bin/embedding-bench" | sed -n 's/^swift: \([0-9.]*\) texts.*/\1/p')")
  python_rates+=("$("$venv/bin/python" "$root/Tools/Scripts/embedding/bench.py" | sed -n 's/^python: \([0-9.]*\) texts.*/\1/p')")
  echo "round $round: swift ${swift_rates[-1]} texts/s, sentence-transformers ${python_rates[-1]} texts/s"
done
median() { printf '%s\n' "$@" | sort -n | sed -n 2p; }
swift_rate="$(median "${swift_rates[@]}")" python_rate="$(median "${python_rates[@]}")"
echo "encoder: swift $swift_rate texts/s, sentence-transformers $python_rate texts/s: $(python3 -c "print(f'{$swift_rate / $python_rate:.2f}')")x (median of 3)"

echo "-- papers library embed on the recorded RSS day --"
feed="$root/Tests/Fixtures/arxiv-rss/rss_mock_feed.xml"
port_file="$work/port"
python3 - "$feed" "$port_file" <<'PY' &
import http.server, sys
body = open(sys.argv[1], "rb").read()
class Feed(http.server.BaseHTTPRequestHandler):
    def do_GET(self):
        self.send_response(200); self.send_header("Content-Length", str(len(body))); self.end_headers(); self.wfile.write(body)
    def log_message(self, *a): pass
server = http.server.HTTPServer(("127.0.0.1", 0), Feed)
open(sys.argv[2], "w").write(str(server.server_port))
server.serve_forever()
PY
server=$!
while [ ! -s "$port_file" ]; do sleep 0.1; done
db="$work/day.sqlite"
"$bin/papers" new cs --rss-url "http://127.0.0.1:$(cat "$port_file")/rss" --db "$db" --format plain >/dev/null
papers_count="$(sqlite3 "$db" 'SELECT count(*) FROM papers')"
start=$(date +%s.%N)
"$bin/papers" library embed --db "$db" >/dev/null
seconds=$(python3 -c "import time; print(f'{$(date +%s.%N) - $start:.2f}')")
python3 - "$papers_count" "$seconds" <<'PY'
import sys
count, seconds = int(sys.argv[1]), float(sys.argv[2])
rate = count / seconds
print(f"library embed: {count} papers in {seconds:.1f} s, {rate:.1f} papers/s")
print(f"a day of arXiv (10,000 papers): {10_000 / rate / 60:.1f} min; 3 million papers: {3_000_000 / rate / 3600:.1f} h")
PY

echo "-- top 10 sharing the paper's primary category, 200 papers of the day --"
python3 - "$bin/papers" "$db" <<'PY'
import sqlite3, subprocess, sys
papers, db = sys.argv[1], sys.argv[2]
rows = sqlite3.connect(db).execute("SELECT id, primary_category FROM papers ORDER BY id").fetchall()
category = dict(rows)
for by in ("words", "meaning"):
    shared = listed = 0
    for paper, primary in rows[:200]:
        out = subprocess.run([papers, "similar", paper, "--by", by, "--format", "plain", "--db", db],
                             check=True, capture_output=True, text=True).stdout
        ids = [line.split("\t")[0].split("v")[0] for line in out.splitlines() if line]
        listed += len(ids)
        shared += sum(category.get(i) == primary for i in ids)
    print(f"similar --by {by}: {shared} of {listed} top-10 papers share the primary category ({100 * shared / max(listed, 1):.0f}%)")
PY

echo "-- recall@10 of the int8 scan against exact search, on the day's own vectors --"
"$bin/vector-bench" --recall "$db.vectors" --queries 500

echo "-- papers similar --by meaning, the whole command, on the day's library padded to 3 million vectors --"
# The padding is random unit vectors under keys no paper has, before the papers' own rows (so
# finding a paper's vector scans every key, the worst case): the scan is a 3-million-paper
# library's, and the ten papers found are the day's (a random vector is far from every paper).
"$bin/vector-bench" --pad "$db.vectors" --count "${MEANING_ROWS:-3000000}"
python3 - "$bin/papers" "$db" <<'PY'
import os, sqlite3, struct, sys, time
papers, db = sys.argv[1], sys.argv[2]
ids = [row[0] for row in sqlite3.connect(db).execute("SELECT id FROM papers ORDER BY id LIMIT 43")]
times, peaks = [], []
for n, paper in enumerate(ids):
    start = time.perf_counter()
    pid = os.posix_spawn(papers, [papers, "similar", paper, "--by", "meaning", "--format", "plain", "--db", db],
                         os.environ, file_actions=[(os.POSIX_SPAWN_OPEN, 1, os.devnull, os.O_WRONLY, 0)])
    _, status, usage = os.wait4(pid, 0)
    seconds = time.perf_counter() - start
    if os.waitstatus_to_exitcode(status) != 0:
        sys.exit(f"papers similar {paper} --by meaning failed")
    if n >= 3:  # the first runs bring the file into the page cache
        times.append(seconds)
        peaks.append(usage.ru_maxrss * 1024)
times.sort()
rank = lambda q: times[min(len(times) - 1, int(q * len(times)))]
file_bytes = os.path.getsize(db + ".vectors")
# What the format makes a search read (StoreLayout): every row's int8 codes, scale and key row; the
# float vectors only of the 40 rows rescored.
with open(db + ".vectors", "rb") as store:
    header = store.read(32)
dimensions = struct.unpack_from("<I", header, 12)[0]
rows = struct.unpack_from("<Q", header, 24)[0]
scanned = rows * (dimensions + 4 + 48)
over = max(peaks) - scanned
print(f"similar --by meaning x{len(times)}: p50 {rank(0.5) * 1000:.0f} ms, p95 {rank(0.95) * 1000:.0f} ms (target: p95 under 300 ms)")
print(f"peak RSS {max(peaks) / 1e6:.0f} MB: the {scanned / 1e6:.0f} MB of codes, scales and keys a search reads "
      f"(of the {file_bytes / 1e6:.0f} MB file) plus {over / 1e6:.0f} MB (target: plus at most 200 MB)")
PY

echo "-- nearest at 3 million vectors: the int8 scan with rescoring, the exact float32 scan, the sgemv floor --"
"$bin/vector-bench" --no-study
