#!/usr/bin/env bash
# Papers benchmark: parse, import and library search against xmllint --stream and feedparser, in one run.
# $1 is the release bin dir. Builds a >=20,000-entry (~50 MB) feed from the recorded entries, and a
# 100,000-paper library for search. Peers are installed here (quietly, idempotently), never in make test.
set -euo pipefail
bin="$1"
here="$(cd "$(dirname "$0")" && pwd)"
fixtures="$here/../../../Tests/Fixtures/arxiv"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

sudo_if() { if [ "$(id -u)" = 0 ]; then "$@"; else sudo "$@"; fi; }
need_apt=""
command -v xmllint >/dev/null || need_apt="$need_apt libxml2-utils"
[ -x /usr/bin/time ] || need_apt="$need_apt time"
if [ -n "$need_apt" ]; then
  sudo_if apt-get update -qq >/dev/null && DEBIAN_FRONTEND=noninteractive sudo_if apt-get install -y -qq --no-install-recommends $need_apt >/dev/null
fi
python3 -c "import feedparser" 2>/dev/null || python3 -m pip install -q feedparser >/dev/null 2>&1

# Before and after the fourth fault round (hostile servers, JSON lists, rows read by name):
# papers at $PAPERS_BENCH_BASELINE, built once by baseline.sh, runs beside today's in this run.
baseline_rev="${PAPERS_BENCH_BASELINE:-bf2c5d6}"
baseline_bin=""
if built="$(bash "$here/../baseline.sh" papers "$baseline_rev")"; then
  baseline_bin="$built/papers"
else
  echo "papers bench: before/after comparison skipped (no build of $baseline_rev)" >&2
fi

BENCHES="$here" BASELINE_REV="$baseline_rev" exec python3 - "$bin/papers" "$fixtures" "$work" "$baseline_bin" <<'PY'
import os, re, sqlite3, statistics, subprocess, sys, time
sys.path.insert(0, os.environ["BENCHES"])
from fts_floor import fts_floor

papers, fixtures, work, baseline = sys.argv[1], sys.argv[2], sys.argv[3], sys.argv[4]

def entries():
    out = []
    for name in ("search-all-testing-100-entries.xml", "legacy2016-au-del_maestro-10-of-31.xml"):
        text = open(os.path.join(fixtures, name), encoding="utf-8").read()
        out += re.findall(r"<entry>.*?</entry>", text, re.S)
    return out

HEAD = ('<?xml version="1.0" encoding="UTF-8"?>\n<feed xmlns="http://www.w3.org/2005/Atom" '
        'xmlns:opensearch="http://a9.com/-/spec/opensearch/1.1/" xmlns:arxiv="http://arxiv.org/schemas/atom">\n'
        '<title>bench</title><id>bench</id><updated>2026-01-01T00:00:00Z</updated>\n'
        '<opensearch:totalResults>{n}</opensearch:totalResults><opensearch:startIndex>0</opensearch:startIndex>\n')
MONTHS = [f"{y:02d}{m:02d}" for y in range(8, 26) for m in range(1, 13)]
ID = re.compile(r"<id>[^<]*</id>")

def build(path, n):
    """n entries with unique new-style ids, cycling through the recorded ones."""
    base = entries()
    with open(path, "w", encoding="utf-8") as f:
        f.write(HEAD.format(n=n))
        for i in range(n):
            new_id = f"{MONTHS[i // 100000]}.{i % 100000:05d}"
            f.write(ID.sub(f"<id>http://arxiv.org/abs/{new_id}v1</id>", base[i % len(base)], count=1))
            f.write("\n")
        f.write("</feed>\n")
    return os.path.getsize(path)

def run(cmd, repeat=3):
    """(wall s, peak RSS MB, stdout, CPU s = user+sys) over `repeat` runs via /usr/bin/time -v: the best
    wall time and the best CPU time (each its own minimum), and the peak RSS of the largest run.

    The ratios use CPU time: the machine may be shared, and waiting for a core inflates wall
    time without saying anything about the program."""
    walls, cpus, rss, out = [], [], 0.0, ""
    for _ in range(repeat):
        log = os.path.join(work, "time.log")
        start = time.perf_counter()
        proc = subprocess.run(["/usr/bin/time", "-v", "-o", log] + cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        walls.append(time.perf_counter() - start)
        if proc.returncode != 0:
            sys.exit(f"bench: {' '.join(cmd)} failed: {proc.stderr.strip()}")
        report = open(log).read()
        rss = max(rss, int(re.search(r"Maximum resident set size \(kbytes\): (\d+)", report).group(1)) / 1024)
        cpus.append(sum(float(re.search(rf"{kind} time \(seconds\): ([\d.]+)", report).group(1)) for kind in ("User", "System")))
        out = proc.stdout
    return (min(walls), rss, out, min(cpus))

feed = os.path.join(work, "feed.xml")
n = 22000
size = build(feed, n)
mb = size / 1e6
print(f"feed: {n:,} entries, {mb:.1f} MB (from the recorded fixtures' entries)")

load = os.getloadavg()[0]
xl = run(["xmllint", "--stream", "--noout", feed], repeat=5)
pp = run([papers, "import", "--dry-run", feed, "--db", os.path.join(work, "dry.sqlite")], repeat=5)
assert f"{n:,} papers" in pp[2], pp[2]
fp = run([sys.executable, "-c", "import feedparser,sys; d=feedparser.parse(sys.argv[1]); assert len(d.entries)==int(sys.argv[2])", feed, str(n)], repeat=1)

def fresh_import(db):
    for suffix in ("", "-wal", "-shm"):
        if os.path.exists(db + suffix): os.remove(db + suffix)
    return run([papers, "import", feed, "--db", db], repeat=1)

imports = [fresh_import(os.path.join(work, f"import{i}.sqlite")) for i in range(3)]
imp = (min(r[0] for r in imports), max(r[1] for r in imports), imports[0][2], min(r[3] for r in imports))

floor = fts_floor(os.path.join(work, "import0.sqlite"))
floor_none = fts_floor(os.path.join(work, "import0.sqlite"), detail="none")

big = os.path.join(work, "feed100k.xml")
build(big, 100000)
lib = os.path.join(work, "library.sqlite")
big_import = run([papers, "import", big, "--db", lib], repeat=1)
os.remove(big)
words = ["testing", "quantum monte carlo", "neural network", "software", "helium", "android webview",
         "mutation", "fuzzing", "au:gotlieb", "\"test case\"", "prioritis*", "superfluid", "graph", "compiler",
         "learning to rank", "deep learning models", "regression", "ti:testing", "entanglement", "zzyzx"]
queries = os.path.join(work, "queries.txt")
open(queries, "w").write("\n".join(words) + "\n")
search_bench = os.path.join(os.path.dirname(papers), "papers-search-bench")
bench = run([search_bench, queries, "--rounds", "5", "--db", lib], repeat=1)
median_ms = float(re.search(r"median_ms=([\d.]+)", bench[2]).group(1))
p95_ms = float(re.search(r"p95_ms=([\d.]+)", bench[2]).group(1))
worst = re.search(r"worst_ms=([\d.]+)", bench[2])
worst_ms = float(worst.group(1)) if worst else float("nan")

helps, help_cpu = [], []
for _ in range(20):
    before = os.times()
    start = time.perf_counter()
    subprocess.run([papers, "--help"], stdout=subprocess.DEVNULL, check=True)
    helps.append((time.perf_counter() - start) * 1000)
    after = os.times()
    help_cpu.append((after.children_user - before.children_user + after.children_system - before.children_system) * 1000)
help_ms = statistics.median(helps)

rows = [
    ("parse MB/s by CPU time: papers import --dry-run", f"{mb / pp[3]:.1f}", f"xmllint --stream {mb / xl[3]:.1f}, feedparser {mb / fp[3]:.2f}"),
    ("parse MB/s by wall time", f"{mb / pp[0]:.1f}", f"xmllint --stream {mb / xl[0]:.1f}, feedparser {mb / fp[0]:.2f}"),
    ("parse CPU time vs xmllint --stream", f"{pp[3] / xl[3]:.2f}x", f"target <= 1.5x (wall: {pp[0] / xl[0]:.2f}x)"),
    ("parse speed vs feedparser (CPU time)", f"{fp[3] / pp[3]:.0f}x faster", f"target >= 30x (wall: {fp[0] / pp[0]:.0f}x)"),
    ("parse peak memory (MB)", f"{pp[1]:.1f}", f"target < 60; xmllint {xl[1]:.1f}, feedparser {fp[1]:.0f}"),
    ("import papers/s (22k, one transaction, FTS5)", f"{n / imp[0]:,.0f}", f"target >= 50,000; CPU {imp[3]:.2f} s on 2 threads; peak {imp[1]:.0f} MB"),
    ("  SQLite's FTS5 build alone, in memory (ceiling)", f"{n / floor:,.0f}", f"{floor:.2f} s CPU; with detail=none {n / floor_none:,.0f}/s"),
    ("  import time vs that FTS5 floor", f"{imp[0] / floor:.2f}x", "the rest: parse on a 2nd core, row writes, WAL, commit"),
    ("import papers/s (100k)", f"{100000 / big_import[0]:,.0f}", f"CPU {big_import[3]:.2f} s; peak {big_import[1]:.0f} MB"),
    ("library search median (ms, 100k papers, BM25 over every match)", f"{median_ms:.2f}", f"target < 5; {len(words)} queries x 5"),
    ("library search p95 (ms)", f"{p95_ms:.2f}", f"target < 50; worst {worst_ms:.2f}"),
    ("papers --help wall (ms, median of 20)", f"{help_ms:.1f}", f"target < 30; CPU {statistics.median(help_cpu):.0f} ms"),
]
w = max(len(r[0]) for r in rows)
print(f"{'measure'.ljust(w)}  {'papers':>14}  peers / target")
for name, value, note in rows:
    print(f"{name.ljust(w)}  {value:>14}  {note}")

if baseline:
    # Interleaved: before, after, before, after…, so the machine's drift hits both alike.
    # Each side imports the 22k feed into a fresh library (CPU time) and searches a 20k-paper
    # library it built itself with the same queries (median of each round).
    small = os.path.join(work, "small.xml")
    build(small, 20000)
    sides = {"before": baseline, "after": papers}
    libs = {}
    for side, binary in sides.items():
        libs[side] = os.path.join(work, f"search-{side}.sqlite")
        run([binary, "import", small, "--db", libs[side]], repeat=1)
    cpu = {side: [] for side in sides}
    search = {side: [] for side in sides}
    for _ in range(5):
        for side, binary in sides.items():
            db = os.path.join(work, f"ab-{side}.sqlite")
            for suffix in ("", "-wal", "-shm"):
                if os.path.exists(db + suffix): os.remove(db + suffix)
            cpu[side].append(run([binary, "import", feed, "--db", db], repeat=1)[3])
            # The baseline timed searches with its hidden `library search-bench`; today's tool is its own binary.
            timer = [binary, "library", "search-bench"] if side == "before" else [search_bench]
            out = run(timer + [queries, "--rounds", "2", "--db", libs[side]], repeat=1)[2]
            search[side].append(float(re.search(r"median_ms=([\d.]+)", out).group(1)))
    before_cpu, after_cpu = statistics.median(cpu["before"]), statistics.median(cpu["after"])
    before_ms, after_ms = statistics.median(search["before"]), statistics.median(search["after"])
    print()
    print(f"before ({os.environ['BASELINE_REV']}) and after, interleaved, median of 5 rounds each")
    print(f"  import 22k papers, CPU s      before {before_cpu:.2f}  after {after_cpu:.2f}  after/before {after_cpu / before_cpu:.2f}x (target <= 1.10x)")
    print(f"  library search median (ms)   before {before_ms:.2f}  after {after_ms:.2f}  after/before {after_ms / before_ms:.2f}x (target <= 1.10x)")
print(f"load average: {load:.1f} at the start, {os.getloadavg()[0]:.1f} at the end, on {os.cpu_count()} cores")
PY
