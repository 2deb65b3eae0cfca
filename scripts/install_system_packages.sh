#!/usr/bin/env bash
# Installs the Debian packages the suite needs, when they are missing: headless Chromium and
# its driver for the web frontend's end-to-end test (tests/web/test_browser.py), valgrind
# for the instruction-count benchmark's smoke run (tests/perf/test_benchmark_smoke.py), and
# Node.js with npm for the checkers package.json names (tsc, pyright, Ajv: tests/schema).
# Needs root (CI runs as root) or sudo.
set -euo pipefail
# Each command the suite runs, and the Debian package that provides it.
NEEDED="chromium:chromium chromedriver:chromium-driver valgrind:valgrind node:nodejs npm:npm"
# Prints the packages of the commands not on PATH. Only those are installed: Debian's npm
# cannot go in beside a Node.js that did not come from Debian (apt reports held broken
# packages), and the machines ship one.
missing() {
    for pair in $NEEDED; do
        command -v "${pair%%:*}" >/dev/null || echo "${pair#*:}"
    done
}
packages=$(missing)
if [ -z "$packages" ]; then
    exit 0
fi
if [ "$(id -u)" -ne 0 ]; then
    SUDO=sudo
else
    SUDO=
fi
export DEBIAN_FRONTEND=noninteractive
$SUDO apt-get update -qq
# shellcheck disable=SC2086 # one word per package
$SUDO apt-get install -y -qq --no-install-recommends $packages >/dev/null
[ -z "$(missing)" ]
