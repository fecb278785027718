#!/bin/sh
# Install the Debian packages named as arguments that are not installed yet:
# directly as root, else through sudo.  Prints nothing when all are present.
#
#   sh tests/deps.sh --missing PKG...   only print the missing ones (a
#                                       leading space each), install nothing
#
# This file and the Makefile's PKGS_* lists are the one list of what xtac
# and its tests need beyond a minimal Debian (Essential and required
# packages: coreutils, diffutils, findutils, grep, sed, mawk, dpkg, libc-bin,
# ncurses-bin, ncurses-base).  The tests use nothing else: no procps (ps),
# no git (tests/install.sh copies the tree without it when need be).
list_only=
if [ "$1" = --missing ]; then
	list_only=1
	shift
fi
missing=
command -v dpkg-query >/dev/null 2>&1 || { [ -n "$list_only" ] && exit 0; }
for p in "$@"; do
	dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'ok installed' ||
	    missing="$missing $p"
done
if [ -n "$list_only" ]; then
	[ -n "$missing" ] && echo "$missing"
	exit 0
fi
[ -z "$missing" ] && exit 0
if ! command -v apt-get >/dev/null 2>&1; then
	echo "xtac: these packages are needed:$missing (no apt-get here; install them by hand)" >&2
	exit 1
fi
echo "xtac: installing$missing" >&2
if [ "$(id -u)" = 0 ]; then
	sudo=
elif command -v sudo >/dev/null 2>&1; then
	sudo=sudo
else
	echo "xtac: need root or sudo to install:$missing" >&2
	exit 1
fi
export DEBIAN_FRONTEND=noninteractive
$sudo apt-get update -qq >/dev/null 2>&1 || true
$sudo apt-get install -y -qq --no-install-recommends $missing >/dev/null || {
	echo "xtac: apt-get could not install:$missing" >&2
	exit 1
}
