"""strata lsp's bench: makes the 1,000-file package, then drives the server as an editor does.

generate DIR: the package (Package.swift, strata.yml, Sources/<Feature>/<Layer>/*.swift).
measure DIR STRATA COLD_MS: 1,000 didChange -> publishDiagnostics round trips, one at a time.
"""
import json
import os
import statistics
import subprocess
import sys
import time

FEATURES = [f"F{i:02d}" for i in range(25)]
LAYERS = ["Entity", "Repository", "UseCase", "Presenter"]
USES = {"Entity": [], "Repository": ["Entity"], "UseCase": ["Repository", "Entity"], "Presenter": ["UseCase", "Entity"]}
BODY = """
/// A value of layer {layer}, file {n}.
public struct {layer}Value{n}: Sendable, Equatable {{
    public var id: Int
    public var name: String
    public init(id: Int, name: String) {{ self.id = id; self.name = name }}
    public func total(_ values: [Int]) -> Int {{ values.reduce(0, +) + id }}
}}
"""


def generate(root):
    for feature in FEATURES:
        for layer in LAYERS:
            folder = os.path.join(root, "Sources", feature, layer)
            os.makedirs(folder)
            for n in range(10):
                imports = "".join(f"import {feature}{used}\n" for used in USES[layer])
                with open(os.path.join(folder, f"{layer}{n}.swift"), "w") as f:
                    f.write("import Foundation\n" + imports + BODY.format(layer=layer, n=n))
    with open(os.path.join(root, "Package.swift"), "w") as f:
        f.write('// swift-tools-version: 6.0\nimport PackageDescription\n\nlet package = Package(\n    name: "Bench",\n    targets: [\n')
        for feature in FEATURES:
            for layer in LAYERS:
                deps = ", ".join(f'"{feature}{used}"' for used in USES[layer])
                f.write(f'        .target(name: "{feature}{layer}", dependencies: [{deps}], path: "Sources/{feature}/{layer}"),\n')
        f.write("    ]\n)\n")
    with open(os.path.join(root, "strata.yml"), "w") as f:
        f.write("version: 1\nlayers:\n")
        for layer in LAYERS:
            may_use = ", ".join(used.lower() for used in USES[layer])
            f.write(f'  - name: {layer.lower()}\n    targets: ["{{feature}}{layer}"]\n    may_use: [{may_use}]\n')


class Server:
    def __init__(self, strata, root):
        self.process = subprocess.Popen([strata, "lsp", "--path", root], stdin=subprocess.PIPE, stdout=subprocess.PIPE)
        self.next_id = 1

    def send(self, message):
        body = json.dumps(message).encode()
        self.process.stdin.write(b"Content-Length: %d\r\n\r\n" % len(body) + body)
        self.process.stdin.flush()

    def read(self):
        length = None
        while True:
            line = self.process.stdout.readline()
            if not line:
                raise SystemExit("lsp bench: the server ended")
            line = line.strip()
            if not line:
                break
            name, _, value = line.partition(b":")
            if name.lower() == b"content-length":
                length = int(value)
        return json.loads(self.process.stdout.read(length))

    def request(self, method, params):
        ident = self.next_id
        self.next_id += 1
        self.send({"jsonrpc": "2.0", "id": ident, "method": method, "params": params})
        while True:
            message = self.read()
            if message.get("id") == ident and "method" not in message:
                return message

    def notify(self, method, params):
        self.send({"jsonrpc": "2.0", "method": method, "params": params})

    def diagnostics(self, uri, version):
        while True:
            message = self.read()
            params = message.get("params") or {}
            if message.get("method") == "textDocument/publishDiagnostics" and params.get("uri") == uri \
                    and params.get("version") == version:
                return params["diagnostics"]

    def rss_kib(self):
        with open(f"/proc/{self.process.pid}/status") as f:
            for line in f:
                if line.startswith("VmRSS:"):
                    return int(line.split()[1])
        return 0


def percentile(values, fraction):
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(fraction * (len(ordered) - 1))))]


def measure(root, strata, cold_ms):
    server = Server(strata, root)
    server.request("initialize", {"processId": None, "rootUri": "file://" + root, "capabilities": {}})
    server.notify("initialized", {})
    path = os.path.join(root, "Sources", "F07", "Entity", "Entity3.swift")
    uri = "file://" + path
    with open(path) as f:
        clean = f.read()
    bad = "import F07UseCase\n" + clean
    server.notify("textDocument/didOpen", {"textDocument": {"uri": uri, "languageId": "swift", "version": 0, "text": clean}})
    server.diagnostics(uri, 0)
    latencies = []
    rss_first = None
    for version in range(1, 1001):
        text = bad if version % 2 else clean
        start = time.perf_counter()
        server.notify("textDocument/didChange", {"textDocument": {"uri": uri, "version": version},
                                                 "contentChanges": [{"text": text}]})
        found = server.diagnostics(uri, version)
        latencies.append((time.perf_counter() - start) * 1000)
        if bool(found) != bool(version % 2):
            raise SystemExit(f"lsp bench: edit {version} gave {len(found)} diagnostic(s)")
        if version == 1:
            rss_first = server.rss_kib()
    rss_last = server.rss_kib()
    server.request("shutdown", None)
    server.notify("exit", None)
    server.process.wait()
    p50, p95 = statistics.median(latencies), percentile(latencies, 0.95)
    print(f"{'1,000 files, 1,000 edits':<28} {'p50 ms':>8} {'p95 ms':>8} {'target':>16}")
    print(f"{'didChange -> diagnostics':<28} {p50:8.1f} {p95:8.1f} {'p50<20, p95<50':>16}  {'met' if p50 < 20 and p95 < 50 else 'NOT met'}")
    print(f"cold strata lint --no-cache: {float(cold_ms):.0f} ms ({float(cold_ms) / p50:.0f}x an edit's p50)")
    ratio = rss_last / rss_first
    print(f"server memory: {rss_first / 1024:.1f} MiB after the first edit, {rss_last / 1024:.1f} MiB after 1,000: "
          f"{ratio:.2f}x (target <= 1.2x: {'met' if ratio <= 1.2 else 'NOT met'})")
    print("Bylaws (the closest peer, which ships bylaws-lsp) publishes no editor latency; its README times whole "
          "CLI runs at 0.07-0.53 s for 264-3,260 files.")


if __name__ == "__main__":
    if sys.argv[1] == "generate":
        generate(sys.argv[2])
    else:
        measure(sys.argv[2], sys.argv[3], sys.argv[4])
