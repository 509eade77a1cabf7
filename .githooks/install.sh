#!/bin/sh
# `pnpm install` runs this (the root package.json's prepare script): inside a git checkout of this
# repository it points git at .githooks, so the commit-msg hook checks every commit. Anywhere else
# (an unpacked archive, a folder without git, git not installed) it does nothing and succeeds, and
# it never fails an install.
top=$(git rev-parse --show-toplevel 2>/dev/null) || exit 0
[ "$top" = "$(pwd -P)" ] || exit 0
git config core.hooksPath .githooks || echo 'prepare: could not set core.hooksPath; the commit-msg hook is not on' >&2
exit 0
