#!/bin/sh
# The save as a journal (xtac(6) FILES): `xtac script --save` killed with
# SIGKILL at random moments leaves a journal that replays every command
# whose output was seen, to the same state hash; a journal cut short says
# so; writes that fail (a full disk, a read-only directory, permission
# denied) leave the previous save byte for byte as it was and exit 3; the
# map is found from any working directory; special files are refused at
# once.
cd "$(dirname "$0")/../.." || exit 2
. tests/support/cli.sh
top=$PWD
case $xtac in /*) ;; *) xtac=$top/$xtac ;; esac

# A game of phases and queries: each "query state" prints the hash after
# the command before it.
n=40
{
	echo "query state"
	i=0
	while [ "$i" -lt "$n" ]; do
		echo end
		echo "query state"
		i=$((i + 1))
	done
} >"$tmp/game.cmd"
"$xtac" script --seed 3 tutorial <"$tmp/game.cmd" >"$tmp/ref.out"
hashes=$(sed -n 's/.*"query":"state".*"hash":"\([0-9a-f]*\)".*/\1/p' \
    "$tmp/ref.out")
[ "$(echo "$hashes" | wc -l)" -eq $((n + 1)) ] ||
    fail "the reference game printed $(echo "$hashes" | wc -l) hashes"

# hash_after K: the state after K commands.
hash_after() {
	echo "$hashes" | sed -n "$(($1 + 1))p"
}

# A random number below $1.
random() {
	echo $(($(od -An -N2 -tu2 /dev/urandom) % $1))
}

# Feed the commands slowly, kill xtac at a random moment, then check the
# journal holds at least every command whose output was printed and
# replays to the state the reference game had after them.
kills=${XTAC_KILLS:-25}
k=0
none=0 cut=0 whole=0
while [ "$k" -lt "$kills" ]; do
	k=$((k + 1))
	rm -f "$tmp/k.save" "$tmp/k.out"
	while read -r line; do
		printf '%s\n' "$line"
		sleep 0.005
	done <"$tmp/game.cmd" |
	    "$xtac" script --seed 3 --save "$tmp/k.save" tutorial \
	    >"$tmp/k.out" 2>/dev/null &
	pid=$!
	sleep "0.$(printf '%03d' "$(random 700)")"
	kill -KILL "$pid" 2>/dev/null
	wait "$pid" 2>/dev/null
	# Whole lines only: the last may be cut by the kill.
	seen=$(grep -c '"query":"state".*}$' "$tmp/k.out")
	if [ ! -e "$tmp/k.save" ]; then
		[ "$seen" -eq 0 ] ||
		    fail "kill $k: no save after $seen commands were seen"
		none=$((none + 1))
		continue
	fi
	if ! "$xtac" replay "$tmp/k.save" >"$tmp/r.out" 2>"$tmp/r.err"; then
		fail "kill $k: the journal does not replay:"
		sed 's/^/  /' "$tmp/r.err"
		continue
	fi
	got=$(sed -n 's/.* \([0-9]*\) commands, .*/\1/p' "$tmp/r.out")
	hash=$(sed -n 's/^hash //p' "$tmp/r.out")
	[ "$got" -ge $((seen - 1)) ] ||
	    fail "kill $k: $got commands recovered, $((seen - 1)) were seen"
	[ "$hash" = "$(hash_after "$got")" ] ||
	    fail "kill $k: after $got commands the hash is $hash, not" \
	    "$(hash_after "$got")"
	if grep -q "^end $got " "$tmp/k.save"; then
		[ "$got" -eq "$n" ] || fail "kill $k: ended after $got commands"
		whole=$((whole + 1))
	else
		cut=$((cut + 1))
		grep -q "an interrupted game (no end line): $got command" \
		    "$tmp/r.err" || fail "kill $k: not said to be interrupted"
	fi
done

echo "$kills kills: $none before the save began, $cut interrupted" \
    "journals resumed exactly, $whole after the game ended"

# The whole game: ended cleanly, every command in it.
"$xtac" script --seed 3 --save "$tmp/good.save" tutorial <"$tmp/game.cmd" \
    >/dev/null
expect 0 "the whole game replays" "$xtac" replay "$tmp/good.save"
contains out "replays exactly: map tutorial, seed 3, $n commands" \
    "every command is in the whole game"
cp "$tmp/good.save" "$tmp/before.save"

# A save a process is writing (locked) is not loaded by another.
if command -v flock >/dev/null 2>&1; then
	expect 3 "a save being played is not loaded twice" flock \
	    "$tmp/good.save" "$xtac" play --load "$tmp/good.save"
	contains err "is being played by another xtac" "the lock is said"
fi

# A journal cut inside its last record: interrupted, its lines named.
size=$(wc -c <"$tmp/good.save")
head -c $((size - 30)) "$tmp/good.save" >"$tmp/cut.save"
expect 0 "a cut journal replays what it holds" "$xtac" replay "$tmp/cut.save"
contains out "interrupted, the commands recovered replay exactly" \
    "a cut journal is not taken for a whole game"
contains err "cut.save:" "the cut is located"
contains err "commands recovered; lost after the last whole record" \
    "what was lost is said"

# --- writes that fail leave the previous save as it was ----------------

# A full disk: a tiny file system when one can be mounted, else a file
# size limit (EFBIG), which fails every write the same way.
mkdir "$tmp/full"
cp "$tmp/before.save" "$tmp/full/x.save"
if unshare -m sh -c "mount -t tmpfs -o size=8k tmpfs '$tmp/full'" \
    2>/dev/null; then
	expect 3 "full disk: exit 3" unshare -m sh -c "
	    mount -t tmpfs -o size=8k tmpfs '$tmp/full' &&
	    cp '$tmp/before.save' '$tmp/full/x.save' &&
	    head -c 4096 /dev/zero >'$tmp/full/filler' 2>/dev/null;
	    \"$xtac\" script --seed 3 --save '$tmp/full/x.save' tutorial \
	    <'$tmp/game.cmd' >/dev/null; rc=\$?;
	    cmp -s '$tmp/full/x.save' '$tmp/before.save' ||
	    { tail -n 3 '$tmp/full/x.save' >&2; echo changed >&2; exit 9; };
	    ls -A '$tmp/full' | grep -q '^\.xtac-tmp' &&
	    { echo temporary file left >&2; exit 8; };
	    exit \$rc"
	contains err "cannot write $tmp/full/x.save: No space left on device" \
	    "full disk: the failure named"
else
	expect 3 "file size limit: exit 3" sh -c "ulimit -f 0; trap '' XFSZ;
	    \"$xtac\" script --seed 3 --save '$tmp/full/x.save' tutorial \
	    <'$tmp/game.cmd' >/dev/null"
	contains err "cannot write $tmp/full/x.save: File too large" \
	    "file size limit: the failure named"
	cmp -s "$tmp/full/x.save" "$tmp/before.save" ||
	    fail "file size limit: the previous save changed"
fi

# A disk that fills half way: the journal keeps its whole records.
rm -f "$tmp/half.save"
expect 3 "full half way: exit 3" sh -c "ulimit -f 2; trap '' XFSZ;
    \"$xtac\" script --seed 3 --save '$tmp/half.save' tutorial \
    <'$tmp/game.cmd' >/dev/null"
contains err "File too large" "full half way: the failure named"
expect 0 "full half way: the journal replays" "$xtac" replay "$tmp/half.save"
contains err "an interrupted game (no end line)" \
    "full half way: the journal is a whole, interrupted one"

# Permission denied and a read-only directory, as a user root is not.
nobody="setpriv --reuid 65534 --regid 65534 --clear-groups"
if [ "$(id -u)" != 0 ]; then
	nobody=
fi
mkdir "$tmp/ro"
cp "$tmp/before.save" "$tmp/ro/x.save"
chmod 555 "$tmp/ro"
chmod 755 "$tmp"
expect 3 "read-only directory: exit 3" $nobody "$xtac" script --seed 3 \
    --save "$tmp/ro/x.save" tutorial <"$tmp/game.cmd"
contains err "cannot write $tmp/ro/x.save: Permission denied" \
    "read-only directory: the failure named"
cmp -s "$tmp/ro/x.save" "$tmp/before.save" ||
    fail "read-only directory: the previous save changed"
chmod 755 "$tmp/ro"

# --- the map is found from anywhere ---------------------------------------

mkdir -p "$tmp/a/maps" "$tmp/a/saves" "$tmp/elsewhere"
cp tests/data/arena.yaml "$tmp/a/maps/arena.yaml"
(cd "$tmp/a" && "$xtac" script --seed 1 --save saves/g.save maps/arena.yaml \
    </dev/null >/dev/null)
contains a/saves/g.save "map ../maps/arena.yaml" \
    "the map is named from the save's directory"
(cd "$tmp/elsewhere" && "$xtac" replay ../a/saves/g.save) \
    >"$tmp/out" 2>"$tmp/err" || fail "the save replays from elsewhere"
contains out "replays exactly" "found from another directory"
mv "$tmp/a/maps/arena.yaml" "$tmp/a/maps/gone.yaml"
expect 3 "the map is gone" "$xtac" replay "$tmp/a/saves/g.save"
contains err "g.save:3: the save's map cannot be read: '../maps/arena.yaml'" \
    "where the map was looked for is said"

# --- special files are refused at once ------------------------------------

mkfifo "$tmp/fifo"
for what in "replay $tmp/fifo" "replay /dev/zero" "check $tmp/fifo" \
    "script $tmp/fifo" "replay $tmp"; do
	# shellcheck disable=SC2086
	timeout 5 "$xtac" $what </dev/null >"$tmp/out" 2>"$tmp/err"
	rc=$?
	[ "$rc" -ne 124 ] || fail "$what: hangs"
	[ "$rc" -ne 0 ] || fail "$what: accepted"
	grep -q "FIFO\|device\|directory" "$tmp/err" ||
	    fail "$what: not said what it is: $(cat "$tmp/err")"
done

# --- saves are read in bounded memory, the first error early -------------

head -c $((17 * 1024 * 1024)) /dev/zero >"$tmp/huge.save"
expect 3 "a save over 16 MiB" "$xtac" replay "$tmp/huge.save"
contains err "huge.save: larger than 16777216 bytes" "the limit is said"
# A bad line 2, then 15 MiB more: the error comes from line 2, at once.
{ echo "xtac-save 2"; echo "frobnicate"; head -c $((15 * 1024 * 1024)) \
    /dev/zero | tr '\0' 'x' | fold -w 100; } >"$tmp/bad-early.save"
expect 1 "a bad line early in a big save" "$xtac" replay "$tmp/bad-early.save"
contains err "bad-early.save:2: " "the first error, located"

# A FIFO named inside a save as its map (a version 1 save: no sums).
sed -e 's/^xtac-save 3$/xtac-save 1/' -e '/^sum /d' -e '/^end [0-9]/d' \
    -e "s|^map .*|map $tmp/fifo|" "$tmp/good.save" >"$tmp/fifo-map.save"
timeout 5 "$xtac" replay "$tmp/fifo-map.save" >"$tmp/out" 2>"$tmp/err"
[ $? = 3 ] || fail "a FIFO as the save's map: not refused"
contains err "is a FIFO (named pipe), not a file" "a FIFO as the map: said"

# Nor is a special file ever replaced by a save.
for target in /dev/null "$tmp/fifo" "$tmp"; do
	timeout 5 "$xtac" script --seed 1 --save "$target" tutorial </dev/null \
	    >/dev/null 2>"$tmp/err"
	[ $? = 3 ] || fail "--save $target: not refused"
	contains err "cannot write $target: it is" "--save $target: said why"
done
[ -c /dev/null ] || fail "/dev/null was replaced"
[ -p "$tmp/fifo" ] || fail "the FIFO was replaced"

finish journal
