#!/usr/bin/env bash
# Packs a release `strata` into a SwiftPM artifact bundle (SE-0305) for the prebuilt plugins in
# Tools/strata-plugin: OUT_DIR/strata.artifactbundle/ (what `.binaryTarget(path:)` reads), its
# zip (what a release publishes for `.binaryTarget(url:checksum:)`) and the zip's checksum.
# BIN_DIR holds `strata` from `swift build -c release --static-swift-stdlib --product strata`:
# linked statically, it runs on machines with no Swift runtime installed.
# Usage: artifactbundle.sh BIN_DIR OUT_DIR
set -euo pipefail
[ $# -eq 2 ] || { echo "usage: $0 BIN_DIR OUT_DIR" >&2; exit 64; }
strata="$(cd "$1" 2>/dev/null && pwd)/strata"
[ -x "$strata" ] || { echo "artifactbundle: $strata not found; run swift build -c release --static-swift-stdlib --product strata" >&2; exit 1; }
command -v zip >/dev/null || { echo "artifactbundle: zip not found; install it (Debian: sudo apt-get install zip)" >&2; exit 1; }
mkdir -p "$2"
out="$(cd "$2" && pwd)"

version="$("$strata" --version)"
# The host's triple without an OS version (macOS prints arm64-apple-macosx14.0 as `triple`);
# uname is the fallback when swift is not on PATH.
triple="$(swift -print-target-info 2>/dev/null | sed -n 's/.*"unversionedTriple": *"\([^"]*\)".*/\1/p' | head -n 1)"
[ -n "$triple" ] || triple="$(uname -m)-unknown-linux-gnu"

bundle="$out/strata.artifactbundle"
variant="strata-$version-$triple/bin/strata"
rm -rf "$bundle" "$bundle.zip"
mkdir -p "$(dirname "$bundle/$variant")"
cp "$strata" "$bundle/$variant"
cat > "$bundle/info.json" <<JSON
{
  "schemaVersion": "1.0",
  "artifacts": {
    "strata": {
      "version": "$version",
      "type": "executable",
      "variants": [{"path": "$variant", "supportedTriples": ["$triple"]}]
    }
  }
}
JSON

# The bundle folder at the zip's top, as SwiftPM expects; -y keeps symbolic links as links.
(cd "$out" && zip -qry strata.artifactbundle.zip strata.artifactbundle)
echo "artifactbundle: $bundle ($version, $triple)"
echo "artifactbundle: $bundle.zip"
# The SHA-256 SwiftPM checks a downloaded bundle against (`checksum:` beside `url:`).
echo "checksum: $(cd "$out" && swift package compute-checksum "$bundle.zip")"
