#!/bin/sh
# Renders docs/images/seed-proof.png from the LaTeX that `aceten prove --format latex` writes.
# Needs latex, dvipng and lplfitch.sty (Debian: texlive-latex-base texlive-science dvipng).
set -e
cd "$(dirname "$0")"
aceten prove "tricks(P1) <= 9" ../../examples/student.toml --format latex > seed-proof-body.tex
work=$(mktemp -d)
cp seed-proof.tex seed-proof-body.tex "$work"
(cd "$work" && latex -interaction=nonstopmode -halt-on-error seed-proof.tex >/dev/null &&
 dvipng -q -T tight -D 120 -bg White -o seed-proof.png seed-proof.dvi >/dev/null)
cp "$work/seed-proof.png" .
rm -r "$work"
