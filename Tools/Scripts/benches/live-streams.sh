#!/usr/bin/env bash
# What a change costs with 200 live pages open against none (target: at most 2x), for both apps
# that stream: coffee's board (GET /board/events, 100 open orders) and color-events' screens
# (GET /screens/live). Each phase makes 40 changes, each after a seeded pause of 0-200 ms, through
# the app's own route (coffee: POST /orders as JSON; color-events: POST /events, the form,
# selecting the left and the right screen in turn), and
# asks GET /coffees (coffee) or GET /journal (color-events) right after; with streams open it then
# waits until every stream has the change. Printed: the median time of the change and of the
# other request in each phase, their ratios, and the server's CPU time per change (from /proc).
set -euo pipefail
bin="$1"
streams="${LIVE_STREAMS_BENCH_STREAMS:-200}"
changes="${LIVE_STREAMS_BENCH_CHANGES:-40}"

work="$(mktemp -d)"
pid=""
stop() { [ -n "$pid" ] && kill -TERM "$pid" 2>/dev/null && wait "$pid" 2>/dev/null; pid=""; }
trap 'stop; rm -rf "$work"' EXIT

# Starts "$@" (a serve command on port 0) and sets $url from its first line.
serve() {
  rm -f "$work/serve.out"; mkfifo "$work/serve.out"
  "$@" >"$work/serve.out" 2>"$work/serve.err" &
  pid=$!
  exec 3<"$work/serve.out"
  IFS= read -r -t 30 first <&3 || { echo "live-streams bench: $1 did not start" >&2; cat "$work/serve.err" >&2; exit 1; }
  url="$(sed -n 's/^listening on \(http:[^ ]*\).*/\1/p' <<<"$first")"
}

measure() { # app, change method, change path, change body, content type, other path, stream path
  python3 - "$url" "$pid" "$streams" "$changes" "$@" <<'PY'
import http.client, random, selectors, socket, statistics, sys, threading, time, urllib.parse
url, pid, streams, changes = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), int(sys.argv[4])
app, method, path, body, ctype, other, live = sys.argv[5:12]
host, port = urllib.parse.urlsplit(url).hostname, urllib.parse.urlsplit(url).port
ticks = 100  # USER_HZ, clock ticks per second in /proc/<pid>/stat

def cpu():
    fields = open(f"/proc/{pid}/stat").read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / ticks

class Streams:
    """`count` open event streams, drained in one thread; counts the updates each received."""
    def __init__(self, count):
        self.selector, self.counts, self.tails = selectors.DefaultSelector(), {}, {}
        self.lock = threading.Condition()
        for _ in range(count):
            s = socket.create_connection((host, port))
            s.sendall(f"GET {live} HTTP/1.1\r\nHost: {host}:{port}\r\nAccept: text/event-stream\r\n\r\n".encode())
            s.setblocking(False)
            self.selector.register(s, selectors.EVENT_READ)
            self.counts[s], self.tails[s] = 0, b""
        threading.Thread(target=self.drain, daemon=True).start()
    def drain(self):
        while True:
            for key, _ in self.selector.select(timeout=1):
                s = key.fileobj
                try:
                    data = s.recv(262144)
                except BlockingIOError:
                    continue
                if not data:
                    self.selector.unregister(s)
                    continue
                text = self.tails[s] + data
                found = text.count(b"event: update")
                self.tails[s] = text[-16:]
                if found:
                    with self.lock:
                        self.counts[s] += found
                        self.lock.notify_all()
    def wait_all(self, at_least, timeout=30):
        with self.lock:
            return self.lock.wait_for(lambda: min(self.counts.values()) >= at_least, timeout)

def phase(count):
    open_streams = Streams(count) if count else None
    if open_streams and not open_streams.wait_all(1):
        sys.exit(f"live-streams bench: {app}'s {count} streams did not all open")
    connection = http.client.HTTPConnection(host, port, timeout=60)
    pauses, change_times, other_times = random.Random(42), [], []
    start_cpu = cpu()
    for i in range(changes):
        time.sleep(pauses.uniform(0, 0.2))
        payload = body.replace("{i}", str(i)).replace("{side}", "Left" if i % 2 == 0 else "Right").encode()
        t0 = time.monotonic()
        connection.request(method, path, body=payload, headers={"Content-Type": ctype})
        answer = connection.getresponse(); answer.read()
        t1 = time.monotonic()
        if answer.status >= 400:
            sys.exit(f"live-streams bench: {method} {path} answered {answer.status}")
        connection.request("GET", other)
        answer = connection.getresponse(); answer.read()
        t2 = time.monotonic()
        change_times.append(t1 - t0); other_times.append(t2 - t1)
        if open_streams and not open_streams.wait_all(i + 2):
            sys.exit(f"live-streams bench: change {i} did not reach all {count} streams")
    spent = cpu() - start_cpu
    return statistics.median(change_times), statistics.median(other_times), spent / changes

quiet = phase(0)
busy = phase(streams)
label = f"{app}: {method} {path}"
print(f"{label:44s} {quiet[0]*1000:7.1f} ms with 0 streams, {busy[0]*1000:7.1f} ms with {streams}: {busy[0]/quiet[0]:5.2f}x  (target <= 2x)")
print(f"{app + ': GET ' + other + ' after a change':44s} {quiet[1]*1000:7.1f} ms with 0 streams, {busy[1]*1000:7.1f} ms with {streams}: {busy[1]/quiet[1]:5.2f}x  (target <= 2x)")
print(f"{app + ': server CPU per change':44s} {quiet[2]*1000:7.1f} ms with 0 streams, {busy[2]*1000:7.1f} ms with {streams}: {busy[2]/max(quiet[2], 0.001):5.2f}x  (one rendering, {streams} writes)")
PY
}

db="$work/orders.sqlite"
for i in $(seq 1 100); do
  "$bin/coffee" order --name "Guest $i" --coffee Latte --size medium --db "$db" >/dev/null
done
serve "$bin/coffee" serve --port 0 --db "$db" --max-streams $((streams + 10))
measure coffee POST /orders '{"customer":"Live {i}","coffee":"Mocha","size":"small"}' application/json /coffees /board/events
stop

serve "$bin/color-events" serve --port 0 --db "$work/journal.sqlite" --max-streams $((streams + 10))
measure color-events POST /events 'event=select{side}' application/x-www-form-urlencoded /journal /screens/live
stop
