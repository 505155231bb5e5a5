#!/usr/bin/env bash
# The README's pictures, made again from a build of the repository's data: the M13/40's
# counter sides as qm draws them, the first page of the Italian vehicle chart (its PDF
# rasterized by pdftoppm, Debian's poppler-utils), and the counters of several nations side by
# side in their colours (examples/counter_grid.rs, from the made-up nations of
# tests/fixtures-grid). Run from the repository root.
set -euo pipefail
out="$(mktemp -d)"
trap 'rm -rf "$out"' EXIT
cargo run --release --quiet -- build --out "$out/out"
cp "$out/out/ita/counters/m13-40-front.png" "$out/out/ita/counters/m13-40-back.png" docs/images/
pdftoppm -png -r 60 -f 1 -l 1 -singlefile "$out/out/ita/chart/ita-chart.pdf" docs/images/ita-chart-page-1
cargo run --release --quiet --example counter_grid -- tests/fixtures-grid docs/images/nations-grid.png
