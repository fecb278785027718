#!/bin/sh
# make install PREFIX=... DESTDIR=... puts everything under DESTDIR and
# nothing elsewhere; the installed binary finds its data there (through
# XTAC_DATA, as a packager's staging tree is not the final prefix) and, built
# for a prefix it is installed in, without help.  On the way, plain make
# without the libraries says which are missing before compiling.
cd "$(dirname "$0")/.." || exit 2
tmp=$(mktemp -d) || exit 2
trap 'rm -rf "$tmp"' EXIT
stage="$tmp/stage"
fail() { echo "install test: $*"; exit 1; }

# Build a separate copy configured for the temporary prefix.
prefix="$tmp/prefix"
make -s install PREFIX=/usr/local DESTDIR="$stage" >"$tmp/log" 2>&1 ||
    { cat "$tmp/log"; fail "make install failed"; }
for f in usr/local/bin/xtac usr/local/share/xtac/maps/tutorial.yaml \
    usr/local/share/man/man6/xtac.6 usr/local/share/man/man5/xtac-map.5; do
	[ -e "$stage/$f" ] || fail "missing $f"
done
ls "$stage"/usr/local/share/xtac/units/*.yaml >/dev/null 2>&1 ||
    fail "no unit files installed"
# Nothing outside DESTDIR: the staging tree holds only usr/local.
extra=$(cd "$stage" && find . -mindepth 1 -maxdepth 2 | grep -v '^\./usr$\|^\./usr/local$')
[ -z "$extra" ] || fail "files outside PREFIX in DESTDIR: $extra"
[ ! -e /usr/local/share/xtac/units ] || [ -n "$XTAC_ALLOW_SYSTEM" ] ||
    echo "note: a system-wide install exists; not touched by this test"
XTAC_DATA="$stage/usr/local/share/xtac" "$stage/usr/local/bin/xtac" check -q \
    "$stage"/usr/local/share/xtac/maps/*.yaml \
    "$stage"/usr/local/share/xtac/squads/*.yaml || fail "installed data invalid"

# A build for a real prefix finds its data with no environment, also when
# the tree was built before for another prefix (the data path compiled in
# must follow PREFIX, not the first build).  The tree copied is the working
# tree (new files not yet added included), so the test checks what is being
# built, not the last commit; without git, every file but the builds.
mkdir -p "$tmp/src"
if git rev-parse --git-dir >/dev/null 2>&1; then
	git ls-files -z --cached --others --exclude-standard |
	    xargs -0 tar cf - | (cd "$tmp/src" && tar xf -)
else
	tar cf - --exclude=./build --exclude=./build-san --exclude=./xtac . |
	    (cd "$tmp/src" && tar xf -)
fi || fail "cannot copy the tree"
# Without the libraries (pkg-config made to look in an empty directory),
# make names what is missing and how to get it, before compiling anything.
mkdir -p "$tmp/nopc"
(cd "$tmp/src" && PKG_CONFIG_LIBDIR="$tmp/nopc" PKG_CONFIG_PATH= \
    make -s xtac >"$tmp/log2" 2>&1) &&
    fail "make without the libraries succeeded"
grep -q "cannot build: pkg-config does not find: ncursesw yaml-0.1 jansson" \
    "$tmp/log2" || { cat "$tmp/log2"; fail "make does not name the libraries"; }
grep -q "'make play' or 'make check' installs them" "$tmp/log2" ||
    fail "make does not say how to install them"
[ ! -e "$tmp/src/build/src" ] || fail "make compiled without the libraries"
(cd "$tmp/src" && make -s xtac >"$tmp/log2" 2>&1) ||
    { cat "$tmp/log2"; fail "make in the copied tree failed"; }
(cd "$tmp/src" && make -s install PREFIX="$prefix" >"$tmp/log2" 2>&1) ||
    { cat "$tmp/log2"; fail "make install PREFIX=$prefix failed"; }
rm -rf "$tmp/src"
(cd / && env -u XTAC_DATA "$prefix/bin/xtac" check -q "$prefix"/share/xtac/maps/tutorial.yaml) ||
    fail "installed binary does not find its data (built first for /usr/local)"
# A scenario of blocks made by the installed binary names its blocks in
# the data directory, not by this prefix: moved elsewhere, it loads.
mkdir -p "$tmp/gm" "$tmp/moved"
(cd / && env -u XTAC_DATA "$prefix/bin/xtac" new --terrain desert \
    --mission crashed --seed 5 -o "$tmp/gm/e.yaml" >"$tmp/log2" 2>&1) ||
    { cat "$tmp/log2"; fail "installed xtac new failed"; }
grep -q 'from: "data:maps"' "$tmp/gm/e-map.yaml" ||
    fail "a made map does not name the data directory"
grep -q "$prefix" "$tmp/gm/e-map.yaml" && fail "a made map names the prefix"
mv "$tmp/gm/e.yaml" "$tmp/gm/e-map.yaml" "$tmp/moved/"
(cd / && env -u XTAC_DATA "$prefix/bin/xtac" check -q "$tmp/moved/e.yaml") ||
    fail "a made scenario moved to another directory does not load"
echo "install ok"
