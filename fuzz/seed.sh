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
  vasl_csv) for f in tests/fixtures-vasl/*/*/listing.csv; do seed < "$f"; done ;;
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
  art_svg)
    # The repository's art and the silhouettes (their template syntax taken out, as rendered),
    # and small pictures of each construct whose cost the budget bounds.
    for f in tests/fixtures-art/art/*.svg tests/fixtures/*/*/art/*.svg; do seed < "$f"; done
    for f in templates/counter/silhouettes/*.svg; do
      sed -e '/^{#/,/#}$/d' -e '/^{%/d' -e 's/{{[^}]*}}/#000/g' "$f" | seed; done
    head='<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="40" height="20" viewBox="0 0 40 20">'
    for body in \
      '<filter id="f" x="-1" y="-1" width="3" height="3"><feGaussianBlur stdDeviation="2"/></filter><rect width="40" height="20" filter="url(#f)"/>' \
      '<filter id="t"><feTurbulence baseFrequency="0.05" numOctaves="4" seed="2"/><feComposite in2="SourceGraphic" operator="in"/></filter><circle cx="20" cy="10" r="9" filter="url(#t)"/>' \
      '<pattern id="p" width="4" height="4" patternUnits="userSpaceOnUse"><rect width="2" height="2"/></pattern><pattern id="q" href="#p"/><rect width="40" height="20" fill="url(#q)"/>' \
      '<mask id="m"><rect width="40" height="20" fill="white"/></mask><mask id="n" mask="url(#m)"><circle cx="20" cy="10" r="9" fill="white"/></mask><rect width="40" height="20" mask="url(#n)"/>' \
      '<clipPath id="c"><circle cx="20" cy="10" r="8"/></clipPath><g clip-path="url(#c)"><g><g><rect width="40" height="20"/></g></g></g>' \
      '<defs><path id="s" d="M0 0h5v5z"/><marker id="k" markerWidth="3" markerHeight="3"><use href="#s"/></marker></defs><path d="M2 2L30 15" stroke="#000" marker-end="url(#k)"/><use xlink:href="#s" x="10"/>' \
      '<text x="1" y="15" font-size="12" letter-spacing="1"><tspan dx="1">M13/40</tspan><textPath href="#s">abc</textPath></text>' \
      '<linearGradient id="g" gradientTransform="rotate(45)"><stop offset="0" stop-color="red"/><stop offset="1" stop-opacity=".2"/></linearGradient><rect width="40" height="20" fill="url(#g)" stroke-dasharray="1 2" stroke="url(#g)"/>' \
      '<style>rect{fill:#384}</style><switch><rect width="30" height="10" transform="skewX(20) scale(.5)"/></switch>'
    do printf '%s%s</svg>' "$head" "$body" | seed; done ;;
  template)
    # The counter front with its macros (NUL between: the target's layout), and every other
    # template as a front of its own (their names and syntax; most fail on the context).
    { cat templates/counter/front.svg; printf '\0'; cat templates/counter/macros.svg; } | seed
    { cat templates/counter/back.svg; printf '\0'; cat templates/counter/macros.svg; } | seed
    find templates -type f ! -name '*.md' | sort | while read -r f; do seed < "$f"; done ;;
  *) echo "unknown target $target" >&2; exit 2 ;;
esac
echo "$out: $(find "$out" -type f | wc -l) files"
