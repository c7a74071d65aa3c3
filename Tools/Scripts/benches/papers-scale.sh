#!/usr/bin/env bash
# Papers at arXiv's scale: a synthetic metadata snapshot of 3,000,000 papers (synthetic-snapshot.py;
# its distributions come from the recorded daily feed) imported into a new library, then searched.
# Prints import time and papers/s, peak memory, the library's size, search p50/p95/worst over a
# fixed query set (and ranking every match, with how much of its top 20 the default shares), and
# the first 100,000 papers' import against SQLite's own FTS5 build of the same
# rows. Then the morning at that size: 20 watches, a 10,000-paper day (9,000 new papers, 1,000 new
# versions), `papers digest` after it, `papers similar` over 50 papers and a CSL-JSON export of
# 10,000 papers. $1 is the release bin dir; PAPERS_SCALE (default 3000000) sets the count.
set -euo pipefail
bin="$1"
here="$(cd "$(dirname "$0")" && pwd)"
count="${PAPERS_SCALE:-3000000}"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
export PYTHONDONTWRITEBYTECODE=1

start=$(date +%s)
python3 "$here/synthetic-snapshot.py" "$count" "$work/snapshot.jsonl"
echo "snapshot: $count papers, $(($(stat -c %s "$work/snapshot.jsonl") / 1000000)) MB, written in $(($(date +%s) - start)) s"
head -n 100000 "$work/snapshot.jsonl" > "$work/first100k.jsonl"

BENCHES="$here" exec python3 - "$bin/papers" "$work" "$count" <<'PY'
import json, os, random, re, subprocess, sys, time
sys.path.insert(0, os.environ["BENCHES"])
from fts_floor import fts_floor

papers, work, count = sys.argv[1], sys.argv[2], int(sys.argv[3])

def timed(cmd):
    """(wall s, CPU s, peak RSS MB, stdout) of one run, through /usr/bin/time -v."""
    log = os.path.join(work, "time.log")
    start = time.perf_counter()
    proc = subprocess.run(["/usr/bin/time", "-v", "-o", log] + cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    wall = time.perf_counter() - start
    if proc.returncode != 0:
        sys.exit(f"bench: {' '.join(cmd)} failed: {proc.stderr.strip()}")
    report = open(log).read()
    rss = int(re.search(r"Maximum resident set size \(kbytes\): (\d+)", report).group(1)) / 1024
    cpu = sum(float(re.search(rf"{kind} time \(seconds\): ([\d.]+)", report).group(1)) for kind in ("User", "System"))
    return wall, cpu, rss, proc.stdout

def size(db):
    return sum(os.path.getsize(db + suffix) for suffix in ("", "-wal") if os.path.exists(db + suffix)) / 1e6

# The first 100,000 against SQLite's own FTS5 build of the same rows, each the best of three
# (fresh libraries for the import), interleaved: this machine's speed drifts between runs.
small_runs, floors = [], []
for attempt in range(3):
    small = os.path.join(work, f"first100k-{attempt}.sqlite")
    small_runs.append(timed([papers, "import", os.path.join(work, "first100k.jsonl"), "--db", small]))
    floors.append(fts_floor(small, rounds=1))
    os.remove(small)
small_run = min(small_runs)
floor = min(floors)

lib = os.path.join(work, "library.sqlite")
load = os.getloadavg()[0]
big = timed([papers, "import", os.path.join(work, "snapshot.jsonl"), "--db", lib])
os.remove(os.path.join(work, "snapshot.jsonl"))

# A fixed query set: common and rare words, phrases, a prefix, an author, fields.
queries = ["model", "quantum", "neural network", "learning", "graph", "black hole", "gauge theory", "spectra",
           "\"large language models\"", "transformer*", "ti:quantum", "abs:entropy", "superconductivity",
           "monte carlo", "bayesian inference", "dark matter", "reinforcement learning", "topological",
           "lattice", "zzyzx"]
query_file = os.path.join(work, "queries.txt")
open(query_file, "w").write("\n".join(queries) + "\n")
def search_bench(*flags, queries_at=query_file, count=len(queries)):
    """(p50, p95, worst ms, each query's first 20 ids) of a query file, 3 rounds; each search is
    its count and one page, as `papers library search` shows them."""
    ids = os.path.join(work, "ids.txt")
    out = timed([os.path.join(os.path.dirname(papers), "papers-search-bench"), queries_at, "--rounds", "3", "--ids", ids, "--db", lib, *flags])[3]
    figure = lambda name: float(re.search(rf"{name}_ms=([\d.]+)", out).group(1))
    found = [line.split("\t") if line else [] for line in open(ids).read().split("\n")[:count]]
    return figure("median"), figure("p95"), figure("worst"), found

def query_set(name, lines):
    """A query file of `lines`, for search_bench's queries_at."""
    path = os.path.join(work, name)
    open(path, "w").write("\n".join(lines) + "\n")
    return path

median, p95, worst, newest = search_bench()
every_median, every_p95, every_worst, exact = search_bench("--every-match")
# One query language at this size: page 2 of common words against page 1 (each with its count),
# a bare id, and OR with ANDNOT against the same words ANDed.
common = query_set("common.txt", ["model", "quantum", "learning", "graph", "spectra", "lattice", "neural network", "black hole"])
page1 = search_bench(queries_at=common, count=8)
page2 = search_bench("--page", "2", queries_at=common, count=8)
first_ids = [json.loads(line)["id"] for line in open(os.path.join(work, "first100k.jsonl"))]
sampled_ids = random.Random(11).sample(first_ids, 50)
by_id = search_bench(queries_at=query_set("ids.txt.in", sampled_ids), count=50)
id_hits = sum(1 for wanted, got in zip(sampled_ids, by_id[3]) if got[:1] == [wanted])
triples = [("quantum", "field", "theory"), ("neural", "network", "training"), ("black", "hole", "entropy"),
           ("graph", "learning", "model"), ("dark", "matter", "halo"), ("monte", "carlo", "lattice"),
           ("spin", "chain", "magnetic"), ("language", "models", "reasoning"), ("gauge", "theory", "string"),
           ("phase", "transition", "temperature")]
anded = search_bench(queries_at=query_set("anded.txt", [" ".join(t) for t in triples]), count=10)
combined = search_bench(queries_at=query_set("or-andnot.txt", [f"{a} OR {b} ANDNOT {c}" for a, b, c in triples]), count=10)

# How much of the exact top 20 (every match ranked) the default search also shows.
overlap = [len(set(a) & set(b)) / len(b) if b else (1.0 if not a else 0.0) for a, b in zip(newest, exact)]

# The morning: 20 watches, the mark at the end of the import, then a day of 10,000 papers.
import sqlite3, statistics
watches = ["quantum", "neural network", "ti:learning", "graph", "black hole", "gauge theory", "spectra",
           "\"large language models\"", "transformer*", "abs:entropy", "superconductivity", "monte carlo",
           "bayesian inference", "dark matter", "reinforcement learning", "topological", "lattice",
           "au:smith OR au:wang", "cat:hep-th AND string", "cat:math.AG"]
for number, query in enumerate(watches):
    timed([papers, "watch", "add", query, "--name", f"w{number + 1}", "--db", lib])
with sqlite3.connect(lib) as db:
    db.execute("INSERT OR REPLACE INTO meta (key, value) SELECT 'digest_mark', value FROM meta WHERE key = 'last_write_stamp'")
rng = random.Random(7)
first = open(os.path.join(work, "first100k.jsonl")).read().splitlines()
day = os.path.join(work, "day.jsonl")
day_ids = []
with open(day, "w") as out:
    for number, line in enumerate(rng.sample(first, 10_000)):
        record = json.loads(line)
        if number < 9_000:  # a new paper, in a month the snapshot has not reached
            record["id"] = f"2612.{number + 1:05d}"
        else:  # a new version of a paper the library has
            record["versions"].append({"version": f"v{len(record['versions']) + 1}", "created": "Mon, 30 Nov 2026 10:00:00 GMT"})
        day_ids.append(record["id"])
        out.write(json.dumps(record) + "\n")
timed([papers, "import", day, "--db", lib])
digests = [timed([papers, "digest", "--peek", "--format", "plain", "--db", lib]) for _ in range(3)]
digest_wall = statistics.median(d[0] for d in digests)
digest_listed = len(digests[0][3].splitlines())
similar_ids = rng.sample([json.loads(line)["id"] for line in first], 40) + day_ids[:10]
similar_walls = sorted(timed([papers, "similar", i, "--limit", "10", "--format", "plain", "--db", lib])[0] * 1000 for i in similar_ids)
similar_p50 = statistics.median(similar_walls)
similar_p95 = similar_walls[int(0.95 * (len(similar_walls) - 1))]
export_file = os.path.join(work, "export.json")
id_file = os.path.join(work, "day-ids.txt")
open(id_file, "w").write("\n".join(day_ids) + "\n")
export = timed(["sh", "-c", f'"{papers}" export - --offline --format csl-json --output "{export_file}" --db "{lib}" < "{id_file}"'])

rows = [
    (f"import {count:,} papers: wall time (s)", f"{big[0]:.0f}", f"target < 300 on 2 cores; CPU {big[1]:.0f} s"),
    ("import papers/s", f"{count / big[0]:,.0f}", ""),
    ("import peak memory (MB)", f"{big[2]:.0f}", "target < 300"),
    ("library file (MB)", f"{size(lib):,.0f}", f"{size(lib) * 1e6 / count:,.0f} bytes a paper, index included"),
    ("library search p50 (ms)", f"{median:.1f}", f"target < 10; {len(queries)} queries x 3, the 4,000 newest matches ranked"),
    ("library search p95 (ms)", f"{p95:.1f}", f"target < 100; worst {worst:.1f}"),
    ("  vs an in-memory tf-idf over the snapshot", f"{68 / median:.1f}x", "68 ms a query with 16 GB of RAM (p50 here)"),
    ("library search --every-match p50 (ms)", f"{every_median:.1f}", f"p95 {every_p95:.1f}, worst {every_worst:.1f}"),
    ("  top 20 shared with --every-match", f"{100 * sum(overlap) / len(overlap):.0f}%",
     f"mean of {len(queries)} queries; lowest {100 * min(overlap):.0f}%"),
    ("common words, count + page 1 p95 (ms)", f"{page1[1]:.1f}", f"p50 {page1[0]:.1f}; 8 queries x 3"),
    ("common words, count + page 2 p95 (ms)", f"{page2[1]:.1f}", f"p50 {page2[0]:.1f}"),
    ("  page 2 vs page 1 (p95)", f"{page2[1] / page1[1]:.2f}x", "target <= 1.5x"),
    ("bare arXiv id p95 (ms)", f"{by_id[1]:.2f}", f"target < 5; p50 {by_id[0]:.2f}, worst {by_id[2]:.2f}; 50 ids x 3, {id_hits}/50 found first"),
    ("three words ANDed p95 (ms)", f"{anded[1]:.1f}", f"p50 {anded[0]:.1f}; 10 queries x 3"),
    ("a OR b ANDNOT c p95 (ms)", f"{combined[1]:.1f}", f"p50 {combined[0]:.1f}"),
    ("  OR/ANDNOT vs AND (p95)", f"{combined[1] / anded[1]:.2f}x", "target <= 2x"),
    ("first 100,000: import wall time (s)", f"{small_run[0]:.2f}", f"best of 3; CPU {small_run[1]:.2f} s; peak {small_run[2]:.0f} MB"),
    ("  SQLite's FTS5 build of the same rows (s CPU)", f"{floor:.2f}", "best of 3; in memory, one core: the floor"),
    ("  import vs that floor", f"{small_run[0] / floor:.2f}x", "target <= 1.5x"),
    ("digest after a 10,000-paper day, 20 watches (s)", f"{digest_wall:.2f}",
     f"target < 1; median of 3, {digest_listed:,} papers listed, peak {digests[0][2]:.0f} MB"),
    ("similar p50 (ms)", f"{similar_p50:.0f}", "50 papers, --limit 10, whole process"),
    ("similar p95 (ms)", f"{similar_p95:.0f}", f"target < 200; worst {similar_walls[-1]:.0f}"),
    ("export 10,000 papers as CSL-JSON: papers/s", f"{10_000 / export[0]:,.0f}",
     f"{export[0]:.2f} s, {os.path.getsize(export_file) / 1e6:.1f} MB"),
]
w = max(len(r[0]) for r in rows)
print(f"{'measure'.ljust(w)}  {'papers':>10}  target / note")
for name, value, note in rows:
    print(f"{name.ljust(w)}  {value:>10}  {note}")
print("top 20 shared with --every-match, per query: "
      + ", ".join(f"{q} {100 * o:.0f}%" for q, o in zip(queries, overlap)))
print(f"load average: {load:.1f} at the start of the big import, {os.getloadavg()[0]:.1f} at the end, on {os.cpu_count()} cores")
PY
