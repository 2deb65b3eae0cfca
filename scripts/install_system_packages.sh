#!/usr/bin/env bash
# Installs the Debian packages the suite needs, when they are missing: headless Chromium and
# its driver for the web frontend's end-to-end test (tests/web/test_browser.py), valgrind
# for the instruction-count benchmark's smoke run (tests/perf/test_benchmark_smoke.py), and
# Node.js with npm for the checkers package.json names (tsc, pyright, Ajv: tests/schema).
# Needs root (CI runs as root) or sudo.
set -euo pipefail
have() {
    command -v chromium >/dev/null && command -v chromedriver >/dev/null \
        && command -v valgrind >/dev/null && command -v node >/dev/null \
        && command -v npm >/dev/null
}
if have; then
    exit 0
fi
if [ "$(id -u)" -ne 0 ]; then
    SUDO=sudo
else
    SUDO=
fi
# Only what is missing: Debian's npm cannot be installed beside a Node.js that did not come
# from Debian (apt reports held broken packages), and the machines ship one.
packages=()
command -v chromium >/dev/null || packages+=(chromium)
command -v chromedriver >/dev/null || packages+=(chromium-driver)
command -v valgrind >/dev/null || packages+=(valgrind)
command -v node >/dev/null || packages+=(nodejs)
command -v npm >/dev/null || packages+=(npm)
export DEBIAN_FRONTEND=noninteractive
$SUDO apt-get update -qq
$SUDO apt-get install -y -qq --no-install-recommends "${packages[@]}" >/dev/null
have
