#!/usr/bin/env bash
# Seeds fuzz/corpus/TARGET from the repository's real files, in the form each target reads
# (a target that takes a choice byte or zipped entries gets them prefixed or joined here).
# Nothing here is committed: fuzz/corpus is gitignored. Run from the repository root.
set -euo pipefail
target="${1:?usage: fuzz/seed.sh TARGET}"
out="fuzz/corpus/$target"
mkdir -p "$out"
shopt -s nullglob
# Each seed is named by its SHA-1, as libFuzzer names corpus files.
seed() {
  local tmp
  tmp="$(mktemp)"
  cat > "$tmp"
  mv "$tmp" "$out/$(sha1sum < "$tmp" | cut -c1-40)"
}
case "$target" in
  listing) for f in data-src/ita/listing.tsv tests/fixtures/*/ita/listing.tsv; do seed < "$f"; done ;;
  notes) for f in data-src/ita/notes.md tests/fixtures/*/ita/notes.md; do seed < "$f"; done ;;
  scenario) for f in data-src/scenarios/*.toml tests/scenarios/*.toml; do seed < "$f"; done ;;
  nation_toml)
    # The first byte: bit 0 the nation (0 ita, 1 axm), bit 1 the file (0 ob.toml, 1 errata.toml).
    for f in data-src/ita/ob.toml tests/fixtures/err_ob_values/ita/ob.toml; do
      { printf '\x00'; cat "$f"; } | seed; done
    for f in data-src/ita/errata.toml tests/fixtures/*/ita/errata.toml; do
      { printf '\x02'; cat "$f"; } | seed; done
    { printf '\x01'; cat data-src/axm/ob.toml; } | seed
    { printf '\x03'; cat data-src/axm/errata.toml; } | seed ;;
  module)
    # A real module as it is, and its entries joined (NUL between entries, name LF content);
    # images are left empty, their names are what matters.
    seed < tests/fixtures-vassal/foreign.vmod
    (cd tests/fixtures-vassal/foreign && first=1 && find . -type f | sort | while read -r f; do
      [ "$first" = 1 ] || printf '\0'; first=0
      printf '%s\n' "${f#./}"
      case "$f" in *.png) ;; *) cat "$f" ;; esac
    done) | seed
    for f in tests/fixtures-vassal/vasl/*.xml; do
      { printf 'buildFile.xml\n'; cat "$f"; } | seed; done ;;
  fit) ;; # Structured arguments: libFuzzer starts from nothing.
  template)
    # The counter front with its macros (NUL between: the target's layout), and every other
    # template as a front of its own (their names and syntax; most fail on the context).
    { cat templates/counter/front.svg; printf '\0'; cat templates/counter/macros.svg; } | seed
    { cat templates/counter/back.svg; printf '\0'; cat templates/counter/macros.svg; } | seed
    find templates -type f ! -name '*.md' | sort | while read -r f; do seed < "$f"; done ;;
  *) echo "unknown target $target" >&2; exit 2 ;;
esac
echo "$out: $(find "$out" -type f | wc -l) files"
