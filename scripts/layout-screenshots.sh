#!/usr/bin/env bash
# Renders the demo deck in xterm under Xvfb at the sizes people use and saves docs/img/layout-*.png:
# the help at 80×24 and 120×40, the Reports list at 100 columns. A script for looking, not a test.
# Needs Xvfb, xterm, tmux, xwininfo and ImageMagick; run `npm run build` first.
set -euo pipefail
cd "$(dirname "$0")/.."
DISPLAY_NUM=${DISPLAY_NUM:-:118}
Xvfb "$DISPLAY_NUM" -screen 0 1400x1000x24 -nolisten tcp >/dev/null 2>&1 &
XVFB=$!
trap 'kill "$XVFB" 2>/dev/null || true' EXIT
sleep 1

# shot NAME COLUMNS ROWS KEYS…
shot() {
  local name=$1 cols=$2 rows=$3
  shift 3
  xterm -display "$DISPLAY_NUM" -geometry "${cols}x${rows}+0+0" -fa 'DejaVu Sans Mono' -fs 10 -bg black -fg '#d0d0d0' \
    -title sitedeck -e tmux -L sitedeck-layout -f /dev/null new-session "env COLORTERM=truecolor COLORFGBG='15;0' node dist/cli.js --demo --theme dark" \; set status off &
  local xt=$!
  sleep 3
  for k in "$@"; do tmux -L sitedeck-layout send-keys "$k"; sleep 0.8; done
  local id geo
  id=$(xwininfo -display "$DISPLAY_NUM" -name sitedeck | awk '/Window id:/ {print $4}')
  geo=$(xwininfo -display "$DISPLAY_NUM" -id "$id" | awk '/Width:/ {w=$2} /Height:/ {h=$2} /Absolute upper-left X:/ {x=$4} /Absolute upper-left Y:/ {y=$4} END {print w "x" h "+" x "+" y}')
  import -display "$DISPLAY_NUM" -window root -crop "$geo" +repage "docs/img/layout-$name.png"
  tmux -L sitedeck-layout kill-server 2>/dev/null || true
  kill "$xt" 2>/dev/null || true
  wait "$xt" 2>/dev/null || true
}

shot help-80x24 80 24 '?'
shot help-120x40 120 40 '?'
shot reports-100 100 30 2
