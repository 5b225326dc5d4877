#!/usr/bin/env bash
# splash-demo end to end, through tmux, driving the binary `swift build` made (not a Swift test: it would
# run under each of the test runs and contend for the build lock).
#
# At 80×24 and 200×50: the intro plays, a key skips it, the content screen says so; the captures "look
# good" (no line past the width, nothing wrapped, the intro's blocks centred within one column, the
# outcome, its time and the trace on the final screen). Then Reduce Motion's still pose, piped output
# (a plain log: no escape codes, no cbreak), --timeline, and the terminal restored after a key, Ctrl-C
# and each crash of the test-only switch (`stty -a` before and after are the same, the alternate screen
# is off, the cursor shown). Each wait is bounded by 30 s. Installs tmux with apt-get when it is missing;
# skips, saying why, only if that fails.
#
#   bash .ci/e2e-demo.sh
set -euo pipefail
cd "$(dirname "$0")/.."
export LC_ALL=C.UTF-8 LANG=C.UTF-8  # characters, not bytes, in ${#line}; tmux draws the logo's blocks
began=$SECONDS

if ! command -v tmux >/dev/null; then
  if command -v apt-get >/dev/null; then
    apt-get install -y -qq tmux >/dev/null 2>&1 ||
      { apt-get update -qq >/dev/null 2>&1 && apt-get install -y -qq tmux >/dev/null 2>&1; } || true
  fi
  if ! command -v tmux >/dev/null; then
    echo "e2e-demo: skipped: tmux is not installed and 'apt-get install -y tmux' did not install it"
    exit 0
  fi
fi

source .ci/demo-bin.sh
work="$(mktemp -d)"
socket="splash-e2e-$$"
tm() { tmux -L "$socket" -f /dev/null "$@"; }
cleanup() {
  tm kill-server 2>/dev/null || true
  rm -f "${TMUX_TMPDIR:-/tmp}/tmux-$(id -u)/$socket"  # the server's socket, which it leaves behind
  rm -rf "$work"
}
trap cleanup EXIT

failures=0
fail() {
  echo "e2e-demo: FAIL: $*" >&2
  failures=$((failures + 1))
}
pass() { echo "  ok: $*"; }

# start NAME COLUMNS ROWS [ENV=VALUE…] -- ARGS…: the demo in a new tmux session, run by a plain `sh`
# (no job control, which would restore the terminal itself after a crash), with `stty -a` saved before
# and after, then its exit status printed as EXIT=N. The `sh` traps SIGINT (a handler, which the demo
# does not inherit, unlike an ignored signal), so that Ctrl-C ends the demo and not the pane.
start() {
  local name=$1 columns=$2 rows=$3
  shift 3
  local environment=(SWIFT_BACKTRACE=enable=no)
  while [[ $1 != -- ]]; do
    environment+=("$1")
    shift
  done
  shift
  printf '%q ' "$demo" "$@" >"$work/$name.command"
  tm new-session -d -s "$name" -x "$columns" -y "$rows" \
    "env ${environment[*]} sh -c 'trap : INT; stty -a >$work/$name.before; $(cat "$work/$name.command"); echo EXIT=\$?; stty -a >$work/$name.after; exec sleep 600'"
}

# capture NAME: the pane's text, each line without its trailing spaces (the demo paints every cell: its
# background fills the screen).
capture() { tm capture-pane -p -J -t "$1" | sed 's/ *$//'; }

# wait_for NAME PATTERN: until the pane shows PATTERN (an extended regular expression), at most 30 s.
wait_for() {
  local name=$1 pattern=$2 deadline=$((SECONDS + 30))
  # Captured first, then searched: `grep -q` in a pipe could end it early (SIGPIPE, and pipefail).
  until grep -Eq -- "$pattern" <<<"$(capture "$name")"; do
    if ((SECONDS >= deadline)); then
      fail "$name: no '$pattern' within 30 s; the pane shows:"
      capture "$name" | sed 's/^/    | /' >&2
      return 1
    fi
    sleep 0.1
  done
}

# fits NAME COLUMNS ROWS FILE: no line longer than the width, no more lines than the height (captured with
# -J, a wrapped line would be one longer line).
fits() {
  local name=$1 columns=$2 rows=$3 file=$4 line count=0 ok=1
  while IFS= read -r line; do
    count=$((count + 1))
    if ((${#line} > columns)); then
      fail "$name: line $count is ${#line} columns wide, more than $columns: '$line'"
      ok=0
    fi
  done <"$file"
  if ((count > rows)); then
    fail "$name: $count lines on a screen of $rows"
    ok=0
  fi
  if ((ok)); then pass "$name: every line within $columns columns, nothing wrapped"; fi
}

# centred NAME COLUMNS FILE: each block of non-blank lines (the logo, the tagline, the wave with its
# raised letter, the stages, the bar and phase, the footer) spans columns whose left margin equals the
# right one, or is one less.
centred() {
  local name=$1 columns=$2 file=$3 line first=-1 last=-1 start=0 number=0 ok=1 lead
  check() {
    if ((first >= 0)); then
      local right=$((columns - 1 - last))
      if ((right != first && right != first + 1)); then
        fail "$name: the block from line $start spans columns $first…$last of $columns: not centred"
        ok=0
      fi
    fi
    first=-1
    last=-1
  }
  while IFS= read -r line || [[ -n $line ]]; do
    number=$((number + 1))
    if [[ -z ${line// /} ]]; then
      check
      continue
    fi
    lead="${line%%[! ]*}"
    if ((first < 0)); then start=$number; fi
    if ((first < 0 || ${#lead} < first)); then first=${#lead}; fi
    if ((${#line} - 1 > last)); then last=$((${#line} - 1)); fi
  done <"$file"
  check
  if ((ok)); then pass "$name: every block centred within one column"; fi
}

# restored NAME: the terminal as it was: the same `stty -a` (but the size), the alternate screen off, the
# cursor shown.
restored() {
  local name=$1
  # The first line has the size, which a resize changes.
  if ! diff -q <(tail -n +2 "$work/$name.before") <(tail -n +2 "$work/$name.after") >/dev/null; then
    fail "$name: the terminal's modes changed:"
    diff <(tail -n +2 "$work/$name.before") <(tail -n +2 "$work/$name.after") | sed 's/^/    | /' >&2 || true
  elif ! grep -Eq '(^| )icanon( |$)' "$work/$name.after" || ! grep -Eq '(^| )echo( |$)' "$work/$name.after"; then
    fail "$name: icanon or echo is off after the demo"
  else
    pass "$name: stty -a is as before (icanon, echo)"
  fi
  local screen
  screen="$(tm display-message -p -t "$name" '#{alternate_on} #{cursor_flag}')"
  if [[ $screen == "0 1" ]]; then pass "$name: alternate screen off, cursor shown"; else fail "$name: alternate screen, cursor: $screen"; fi
}

for size in 80x24 200x50; do
  columns=${size%x*}
  rows=${size#*x}
  name="skip-$size"
  echo "=== a key skips the intro at $size"
  start "$name" "$columns" "$rows" -- --load 20 --timeout 25
  if wait_for "$name" 'press any key to skip' && wait_for "$name" 'Loading|oading'; then
    capture "$name" >"$work/$name.intro"
    fits "$name (intro)" "$columns" "$rows" "$work/$name.intro"
    centred "$name (intro)" "$columns" "$work/$name.intro"
    grep -q '█' "$work/$name.intro" && pass "$name: the logo is drawn" || fail "$name: no logo"
    grep -Eq 'first step.*second step.*finished' "$work/$name.intro" && pass "$name: the stage labels" ||
      fail "$name: no stage labels"
    if [[ $size == 80x24 ]]; then
      # SIGWINCH: drawn again at each new size (the footer, 36 columns, starts at column 32, then 22).
      resized() {
        tm resize-window -t "$name" -x "$1" -y "$2"
        local deadline=$((SECONDS + 30)) margin=$((($1 - 36) / 2))
        until [[ "$(tm display-message -p -t "$name" '#{window_width}')" == "$1" ]] &&
          grep -Eq "^ {$margin}press any key to skip · Ctrl-C quits\$" <<<"$(capture "$name")"; do
          if ((SECONDS >= deadline)); then
            fail "$name: not drawn again at $1x$2 within 30 s"
            return 0
          fi
          sleep 0.1
        done
        capture "$name" >"$work/$name.resized"
        fits "$name (resized to $1x$2)" "$1" "$2" "$work/$name.resized"
        centred "$name (resized to $1x$2)" "$1" "$work/$name.resized"
      }
      resized 100 30
      resized 80 24
    fi
    tm send-keys -t "$name" x
    if wait_for "$name" 'press any key to exit'; then
      capture "$name" >"$work/$name.content"
      fits "$name (content)" "$columns" "$rows" "$work/$name.content"
      grep -q '^  Outcome   skipped (animated)$' "$work/$name.content" && pass "$name: outcome skipped" ||
        fail "$name: no skip outcome"
      grep -Eq '^  Time      [0-9]+\.[0-9]{2} s after start$' "$work/$name.content" && pass "$name: its time" ||
        fail "$name: no time"
      grep -Eq '^  tap +-*x' "$work/$name.content" && grep -Eq '^  outcome +-*o' "$work/$name.content" &&
        grep -q 'tap: x = value (decided)' "$work/$name.content" && pass "$name: the trace (tap decided)" ||
        fail "$name: no trace with the deciding tap"
      tm send-keys -t "$name" q
      if wait_for "$name" '^EXIT=0$'; then
        restored "$name"
        grep -q '^outcome: skipped (animated)' <<<"$(capture "$name")" && pass "$name: the summary stays on the screen" ||
          fail "$name: no summary after exit"
      fi
    fi
  fi
done

echo "=== Reduce Motion: a still pose until the load, at 80x24"
name=static
start "$name" 80 24 -- --reduce-motion static --load 1.5
if wait_for "$name" 'a still pose'; then
  capture "$name" >"$work/$name.intro"
  grep -q '^ *Loading your portfolio\.\.\.$' "$work/$name.intro" && pass "$name: the text lies still" ||
    fail "$name: the wave moves"
  centred "$name" 80 "$work/$name.intro"
  if wait_for "$name" '^  Outcome   finished \(static pose\)$'; then
    pass "$name: finished (static pose)"
    tm send-keys -t "$name" q
    wait_for "$name" '^EXIT=0$' && restored "$name"
  fi
fi

echo "=== Ctrl-C restores the terminal and ends with status 130"
name=ctrl-c
start "$name" 80 24 -- --load 20 --timeout 25
if wait_for "$name" 'press any key to skip'; then
  tm send-keys -t "$name" C-c
  wait_for "$name" '^EXIT=130$' && pass "$name: exit status 130" && restored "$name"
fi

echo "=== a crash after cbreak restores the terminal (test-only switch)"
for crash in trap abort segv; do
  name="crash-$crash"
  start "$name" 80 24 SPLASH_DEMO_CRASH_AFTER_CBREAK="$crash" -- --load 20
  if wait_for "$name" '^EXIT=[0-9]+$'; then
    status="$(sed -n 's/^EXIT=//p' <<<"$(capture "$name")")"
    case "$crash:$status" in
      trap:132 | trap:133 | abort:134 | segv:139) pass "$name: ended by its signal (status $status)" ;;
      *) fail "$name: status $status" ;;
    esac
    restored "$name"
  fi
done
# With the Swift runtime's crash reporter on (not interactive): the handler hands the crash to it, and its
# report lands on the restored screen.
name=crash-report
start "$name" 100 40 SPLASH_DEMO_CRASH_AFTER_CBREAK=1 SWIFT_BACKTRACE=interactive=no -- --load 20
if wait_for "$name" '^EXIT=[0-9]+$'; then
  grep -q 'Program crashed' <<<"$(tm capture-pane -p -J -S - -t "$name")" && pass "$name: the runtime's report is on the screen" ||
    fail "$name: no crash report"
  restored "$name"
fi

echo "=== piped output: a plain log"
name=piped
# In tmux, standard input is the terminal: the demo must still not touch it.
tm new-session -d -s "$name" -x 80 -y 24 \
  "sh -c 'stty -a >$work/$name.before; $(printf '%q ' "$demo") --load 0.3 >$work/$name.log; echo EXIT=\$?; stty -a >$work/$name.after; exec sleep 600'"
if wait_for "$name" '^EXIT=0$'; then
  if grep -q $'\e' "$work/$name.log"; then fail "$name: escape codes in the log"; else pass "$name: no escape codes"; fi
  grep -q '^outcome: finished (animated), [0-9.]* s after start$' "$work/$name.log" && pass "$name: the outcome" ||
    fail "$name: no outcome in the log"
  grep -Eq '^length +[- ]*L$' "$work/$name.log" && pass "$name: the trace" || fail "$name: no trace in the log"
  restored "$name"
fi
if timeout 30 "$demo" --load 0 --fail-load </dev/null >"$work/detached.log" 2>&1; then
  grep -q '^outcome: content failed: the portfolio request failed (animated)' "$work/detached.log" &&
    pass "no terminal at all: content failed at once" || fail "no terminal: $(cat "$work/detached.log")"
else
  fail "no terminal: status $?"
fi

echo "=== --timeline, --svg and the gate, in virtual time"
expected='outcome: finished (animated), 2.6 s after start'
timeline="$(timeout 30 "$demo" --timeline)"
if grep -qx "$expected" <<<"$timeline" && grep -Eq '^length +-+ +-+L$' <<<"$timeline" &&
  grep -Eq '^content +-+\(c[|]\)$' <<<"$timeline" && grep -Eq '^outcome +-+ +-+o$' <<<"$timeline"; then
  pass "--timeline: a lane per input and the outcome"
else
  fail "--timeline printed: $timeline"
fi
grep -q '^outcome: finished (animated), 5 s after start$' <<<"$(timeout 30 "$demo" --timeline --scenario wave)" &&
  pass "--timeline --scenario wave: 5 s" || fail "--timeline --scenario wave"
grep -q '^  timeout: T = reached (decided)$' <<<"$(timeout 30 "$demo" --timeline --scenario stages --load 4)" &&
  pass "--timeline --scenario stages --load 4: timed out" || fail "--timeline --scenario stages --load 4"
state=(--gate first-launch --state "$work/state")
grep -q '^outcome: finished' <<<"$(timeout 30 "$demo" --timeline "${state[@]}")" &&
  grep -q '^outcome: not shown: gated (none)' <<<"$(timeout 30 "$demo" --timeline "${state[@]}")" &&
  pass "--gate first-launch --state DIR: shown once, then gated" || fail "--gate first-launch"
bash .ci/readme-picture.sh --check && pass "docs/splash-demo.svg is current" || fail "the README's picture"

echo "=== a bad flag: one line, the usage, status 2"
status=0
timeout 30 "$demo" --load soon >"$work/bad.out" 2>"$work/bad.err" || status=$?
if [[ $status == 2 && ! -s "$work/bad.out" ]] &&
  [[ "$(head -1 "$work/bad.err")" == "splash-demo: --load needs a number of seconds, got 'soon'" ]] &&
  grep -q '^usage: splash-demo' "$work/bad.err"; then
  pass "--load soon: status 2, the error and the usage on stderr"
else
  fail "--load soon: status $status, stderr: $(head -1 "$work/bad.err")"
fi

echo "e2e-demo: $((SECONDS - began))s, $failures failure(s)"
((failures == 0))
