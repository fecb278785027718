# xtac - X-Com: Tactical in a terminal.
#
#   make            build ./xtac
#   make play       install missing Debian packages, build, open the default skirmish
#   make check      install missing packages, build, run every test (also under ASan/UBSan)
#   make check SUITE=tests/test_rng.c   run one suite (both builds)
#   make golden     rewrite the script transcripts on purpose
#   make bench      performance figures, build/bench.json (not part of check)
#   make property   xtac new's property test over 50 seeds (check runs 3;
#                   XTAC_PROPERTY_SEEDS=N sets the count)
#   make fuzz       bounded libFuzzer runs: map and catalog loaders, saves,
#                   the script command line, the server's handshake and
#                   command lines (FUZZ_SECONDS each)
#   make install PREFIX=/usr/local DESTDIR=...

PREFIX	?= /usr/local
DATADIR	?= $(PREFIX)/share/xtac
MANDIR	?= $(PREFIX)/share/man
BINDIR	?= $(PREFIX)/bin
VERSION	:= 0.1.0

CC	?= cc
PKG_CONFIG ?= pkg-config

# Debian packages each goal needs; `make deps` installs the missing ones.
# PC_BUILD: the pkg-config modules PKGS_BUILD provides, checked before
# compiling so a bare machine hears what is missing, not a missing header.
PKGS_BUILD := gcc make pkg-config libncurses-dev libyaml-dev libjansson-dev
PC_BUILD   := ncursesw yaml-0.1 jansson
PKGS_CHECK := $(PKGS_BUILD) libcmocka-dev tmux groff-base groff jq
PKGS_BENCH := $(PKGS_BUILD) libtcod-dev valgrind
PKGS_FUZZ  := $(PKGS_BUILD) clang libclang-rt-14-dev

WARN	:= -Wall -Wextra -Werror -Wmissing-prototypes -Wshadow -Wwrite-strings \
	   -Wstrict-prototypes -Wpointer-arith -Wformat=2 -Wundef -Wvla \
	   -Wold-style-definition
DEFS	:= -D_POSIX_C_SOURCE=200809L -D_XOPEN_SOURCE_EXTENDED -D_DEFAULT_SOURCE \
	   -DXTAC_VERSION='"$(VERSION)"' -DXTAC_DATADIR='"$(DATADIR)"'
OPT	?= -O2 -g

# Quiet by default; `make V=1` shows the commands.
V	?= 0
ifeq ($(V),0)
Q	:= @
say	= @printf '  %-6s %s\n' $(1) $(2);
else
Q	:=
say	=
endif

pc	= $(shell $(PKG_CONFIG) $(1) $(2) 2>/dev/null)
YAML_CFLAGS	= $(call pc,--cflags,yaml-0.1)
YAML_LIBS	= $(call pc,--libs,yaml-0.1)
CURSES_CFLAGS	= $(call pc,--cflags,ncursesw)
CURSES_LIBS	= $(call pc,--libs,ncursesw)
JSON_CFLAGS	= $(call pc,--cflags,jansson)
JSON_LIBS	= $(call pc,--libs,jansson)
CMOCKA_CFLAGS	= $(call pc,--cflags,cmocka)
CMOCKA_LIBS	= $(call pc,--libs,cmocka)

CFLAGS_ALL = -std=c11 $(OPT) $(WARN) $(DEFS) -Iinclude $(YAML_CFLAGS) \
	     $(JSON_CFLAGS) $(EXTRA_CFLAGS)

# The engine and data code form libxtac.a, linked by tests without curses.
# The computer player and the battle runner (src/ai) are a client of the
# engine like the UI: libxtac-ai.a, linked ahead of libxtac.a, which must
# not need it (tests/layers.sh checks the objects and their headers).
ENGINE_SRC := $(sort $(wildcard src/engine/*.c))
AI_SRC     := $(sort $(wildcard src/ai/*.c))
DATA_SRC   := $(sort $(wildcard src/data/*.c))
LIB_SRC    := $(ENGINE_SRC) $(DATA_SRC)
CLI_SRC    := $(sort $(wildcard src/cli/*.c))
UI_SRC     := $(sort $(wildcard src/ui/*.c))
TEST_SRC   := $(sort $(wildcard tests/test_*.c))
TEST_SUPPORT := $(sort $(wildcard tests/support/*.c))

# Two builds: plain (build/) and sanitized (build-san/).
B	?= build
SAN_FLAGS := -fsanitize=address,undefined -fno-omit-frame-pointer \
	     -fno-sanitize-recover=all

LIB_OBJ  = $(LIB_SRC:%.c=$(B)/%.o)
AI_OBJ   = $(AI_SRC:%.c=$(B)/%.o)
APP_OBJ  = $(CLI_SRC:%.c=$(B)/%.o) $(UI_SRC:%.c=$(B)/%.o)
TEST_BIN = $(TEST_SRC:tests/%.c=$(B)/tests/%)
SUPPORT_OBJ = $(TEST_SUPPORT:%.c=$(B)/%.o)

.PHONY: all play check check-run golden property bench fuzz install deps deps-check \
	clean man-lint need-libs FORCE
.SUFFIXES:
# Keep objects make would think intermediate (test support files).
.SECONDARY:

all: xtac

xtac: $(B)/xtac
	@if [ "$(B)" = build ]; then cp $(B)/xtac xtac; fi

$(B)/libxtac.a: $(LIB_OBJ)
	@mkdir -p $(@D)
	$(call say,AR,$@) rm -f $@ && ar rcs $@ $^

$(B)/libxtac-ai.a: $(AI_OBJ)
	@mkdir -p $(@D)
	$(call say,AR,$@) rm -f $@ && ar rcs $@ $^

# Before the first compile: are the libraries there?  (Order-only, so it
# runs once and never makes anything out of date.)
need-libs:
	@missing=; for m in $(PC_BUILD); do \
	    $(PKG_CONFIG) --exists $$m 2>/dev/null || missing="$$missing $$m"; \
	done; \
	[ -z "$$missing" ] && exit 0; \
	if command -v $(PKG_CONFIG) >/dev/null 2>&1; then \
	    echo "xtac: cannot build: pkg-config does not find:$$missing" >&2; \
	else \
	    echo "xtac: cannot build: no $(PKG_CONFIG) to find:$$missing" >&2; \
	fi; \
	pkgs=$$(sh tests/deps.sh --missing $(PKGS_BUILD)); \
	[ -z "$$pkgs" ] || echo "xtac: missing Debian packages:$$pkgs" >&2; \
	echo "xtac: 'make play' or 'make check' installs them ('make deps' only them)" >&2; \
	exit 1

# The data directory is compiled into src/cli/data.c: a stamp holding its
# value changes (and rebuilds that object) only when DATADIR does, so
# `make install PREFIX=...` after a plain build installs the right path.
$(B)/datadir.stamp: FORCE
	@mkdir -p $(@D)
	@echo '$(DATADIR)' | cmp -s - $@ || echo '$(DATADIR)' >$@
$(B)/src/cli/data.o: $(B)/datadir.stamp
FORCE:

$(B)/xtac: $(APP_OBJ) $(B)/libxtac-ai.a $(B)/libxtac.a
	$(call say,LINK,$@) $(CC) $(CFLAGS_ALL) $(LDFLAGS) -o $@ $(APP_OBJ) \
	    $(B)/libxtac-ai.a $(B)/libxtac.a \
	    $(CURSES_LIBS) $(YAML_LIBS) $(JSON_LIBS) -lm

# Only src/ui sees curses; only src/data sees libyaml (enforced by flags).
$(B)/src/ui/%.o: src/ui/%.c | need-libs
	@mkdir -p $(@D)
	$(call say,CC,$@) $(CC) $(CFLAGS_ALL) $(CURSES_CFLAGS) -MMD -MP -c -o $@ $<

$(B)/%.o: %.c | need-libs
	@mkdir -p $(@D)
	$(call say,CC,$@) $(CC) $(CFLAGS_ALL) -MMD -MP -c -o $@ $<

$(B)/tests/%: tests/%.c $(SUPPORT_OBJ) $(B)/libxtac-ai.a $(B)/libxtac.a
	@mkdir -p $(@D)
	$(call say,TEST,$@) $(CC) $(CFLAGS_ALL) $(CMOCKA_CFLAGS) -Itests/support -MMD -MP -o $@ $< \
	    $(SUPPORT_OBJ) $(B)/libxtac-ai.a $(B)/libxtac.a $(CMOCKA_LIBS) $(YAML_LIBS) \
	    $(JSON_LIBS)

# The stubs of main.c, for what links src/cli code without it, see cli.h.
$(B)/tests/support/cli-stubs.o: CFLAGS_ALL += -Isrc/cli

# The server's game (src/cli/serve-game.c) is tested as a client would
# drive it, with the script protocol and the save code it uses.
SERVE_TEST_OBJ = $(addprefix $(B)/src/cli/,serve-game.o serve-dice.o cmd-script.o \
	script-query.o cmd-replay.o data.o)
$(B)/tests/test_serve: tests/test_serve.c $(SERVE_TEST_OBJ) $(SUPPORT_OBJ) \
    $(B)/libxtac-ai.a $(B)/libxtac.a
	@mkdir -p $(@D)
	$(call say,TEST,$@) $(CC) $(CFLAGS_ALL) $(CMOCKA_CFLAGS) -Itests/support -Isrc/cli -MMD -MP \
	    -o $@ $< $(SERVE_TEST_OBJ) $(SUPPORT_OBJ) $(B)/libxtac-ai.a $(B)/libxtac.a \
	    $(CMOCKA_LIBS) $(YAML_LIBS) $(JSON_LIBS)

# The non-interference property (test_fog, test_fog_dice) plays pairs of
# games with tests/support/fog and renders each side's log with the
# client's own words (src/ui/ui-logtext.c, curses-free).
FOG_SUPPORT := $(sort $(wildcard tests/support/fog/*.c))
FOG_TEST_OBJ = $(FOG_SUPPORT:%.c=$(B)/%.o) $(B)/src/ui/ui-logtext.o
$(B)/tests/support/fog/%.o: CFLAGS_ALL += -Itests/support -Isrc/ui
$(B)/tests/test_fog $(B)/tests/test_fog_dice: $(B)/tests/%: tests/%.c \
    $(FOG_TEST_OBJ) $(SUPPORT_OBJ) $(B)/libxtac-ai.a $(B)/libxtac.a
	@mkdir -p $(@D)
	$(call say,TEST,$@) $(CC) $(CFLAGS_ALL) $(CMOCKA_CFLAGS) \
	    -Itests/support -Itests/support/fog -MMD -MP -o $@ $< \
	    $(FOG_TEST_OBJ) $(SUPPORT_OBJ) $(B)/libxtac-ai.a $(B)/libxtac.a \
	    $(CMOCKA_LIBS) $(YAML_LIBS) $(JSON_LIBS)

-include $(shell find build build-san -name '*.d' 2>/dev/null)

# --- set-up ---------------------------------------------------------------

deps:
	@sh tests/deps.sh $(PKGS_BUILD)
deps-check:
	@sh tests/deps.sh $(PKGS_CHECK)

play: deps
	@$(MAKE) --no-print-directory xtac
	./xtac play maps/tutorial.yaml

# --- tests ----------------------------------------------------------------

SUITE ?=

check: deps-check
	@$(MAKE) --no-print-directory xtac
	@$(MAKE) --no-print-directory B=build tests-built
	@$(MAKE) --no-print-directory B=build-san OPT="-O1 -g" \
	    EXTRA_CFLAGS="$(SAN_FLAGS)" LDFLAGS="$(SAN_FLAGS)" tests-built \
	    build-san/xtac
	@sh tests/run.sh "$(SUITE)"

tests-built: $(TEST_BIN)

golden: xtac
	@sh tests/script/run.sh --rewrite

man-lint:
	@sh tests/man-lint.sh

XTAC_PROPERTY_SEEDS ?= 50

property: xtac
	@XTAC_PROPERTY_SEEDS=$(XTAC_PROPERTY_SEEDS) sh tests/cli/new-property.sh

bench:
	@sh tests/deps.sh $(PKGS_BENCH)
	@$(MAKE) --no-print-directory xtac
	@$(MAKE) --no-print-directory -C tests/bench

fuzz:
	@sh tests/deps.sh $(PKGS_FUZZ)
	@sh tests/fuzz/run.sh

# --- install --------------------------------------------------------------

install: xtac
	install -d $(DESTDIR)$(BINDIR) $(DESTDIR)$(DATADIR)/maps \
	    $(DESTDIR)$(DATADIR)/units $(DESTDIR)$(DATADIR)/squads \
	    $(DESTDIR)$(MANDIR)/man6 \
	    $(DESTDIR)$(MANDIR)/man5
	install -m 755 xtac $(DESTDIR)$(BINDIR)/xtac
	install -m 644 maps/*.yaml $(DESTDIR)$(DATADIR)/maps/
	for d in maps/blocks/*/ maps/craft/; do \
		install -d $(DESTDIR)$(DATADIR)/$$d && \
		install -m 644 $$d*.yaml $(DESTDIR)$(DATADIR)/$$d || exit 1; \
	done
	install -m 644 units/*.yaml $(DESTDIR)$(DATADIR)/units/
	install -m 644 squads/*.yaml $(DESTDIR)$(DATADIR)/squads/
	install -m 644 man/xtac.6 $(DESTDIR)$(MANDIR)/man6/xtac.6
	install -m 644 man/xtac-map.5 $(DESTDIR)$(MANDIR)/man5/xtac-map.5

clean:
	rm -rf build build-san xtac
