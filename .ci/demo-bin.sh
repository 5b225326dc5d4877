# Sourced by the splash-demo scripts: sets `demo` to the splash-demo binary `swift build` made, building
# it only when it is missing or older than a source it is made from (so that CI, which has just built
# everything with its own flags, does not build it again).
demo_bin_dir="$(swift build --show-bin-path)"
demo="$demo_bin_dir/splash-demo"
if [[ ! -x "$demo" ]] || [[ -n "$(find Sources Package.swift -newer "$demo" -print -quit)" ]]; then
  swift build --product splash-demo >&2
fi
