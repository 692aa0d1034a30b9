#!/bin/sh
# The frozen baseline: builds the engine as it was at the round's baseline commit
# (b47a563, main at the start of the round; or the commit given, such as e4b461c,
# the engine before the strength work, which the older entries of
# docs/STRENGTH.md measured against) and prints the binary's path,
# target/baseline/checkers-REV, so that every version can be measured against the
# same opponent:
#
#   scripts/baseline.sh && checkers match --variant english --games 400 --movetime 100 \
#       --white-level 10 --opponent "hub:target/baseline/checkers-b47a563 hub"
#
# Idempotent: once the binary exists it only prints the path. Cargo's output goes
# to standard error, the path alone to standard output.
set -eu

rev=${1:-b47a563}
root=$(git -C "$(dirname "$0")" rev-parse --show-toplevel)
out="$root/target/baseline/checkers-$rev"
if [ -x "$out" ]; then
    echo "$out"
    exit 0
fi

src=$(mktemp -d)
trap 'rm -rf "$src"' EXIT
trap 'exit 130' INT TERM
git -C "$root" archive "$rev" | tar -x -C "$src"
# From inside the sources, so that their .cargo/config.toml applies; a target
# directory of its own, kept between runs, so that neither build invalidates
# the other's.
(cd "$src" && CARGO_TARGET_DIR="$root/target/baseline/build" \
    cargo build --release --locked --bin checkers >&2)
mkdir -p "$root/target/baseline"
cp "$root/target/baseline/build/release/checkers" "$out.part"
mv "$out.part" "$out"
echo "$out"
