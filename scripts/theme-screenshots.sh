#!/usr/bin/env bash
# Renders the demo deck in xterm (a real terminal, which answers OSC 11 with its background) under
# Xvfb, once per theme, on its Reports tab, and saves docs/img/theme-*.png for the README and docs/deck.md. The deck
# runs in tmux inside xterm (tmux passes xterm's background on) so the script can press keys.
# Needs Xvfb, xterm, tmux, xwininfo and ImageMagick; run `npm run build` first.
set -euo pipefail
cd "$(dirname "$0")/.."
DISPLAY_NUM=${DISPLAY_NUM:-:117}
Xvfb "$DISPLAY_NUM" -screen 0 1200x800x24 -nolisten tcp >/dev/null 2>&1 &
XVFB=$!
trap 'kill "$XVFB" 2>/dev/null || true' EXIT
sleep 1

# shot NAME BACKGROUND FOREGROUND COLORFGBG [sitedeck args…]
shot() {
  local name=$1 bg=$2 fg=$3 fgbg=$4
  shift 4
  local deck
  deck="env COLORTERM=truecolor COLORFGBG=\"$fgbg\" node dist/cli.js --demo $*"
  xterm -display "$DISPLAY_NUM" -geometry 120x32+0+0 -fa 'DejaVu Sans Mono' -fs 10 -bg "$bg" -fg "$fg" \
    -title sitedeck -e tmux -L sitedeck-shots -f /dev/null new-session "$deck" \; set status off &
  local xt=$!
  sleep 3 # the deck draws its first pages (a script for docs, not a test)
  tmux -L sitedeck-shots send-keys 2
  sleep 1.5
  local id geo
  id=$(xwininfo -display "$DISPLAY_NUM" -name sitedeck | awk '/Window id:/ {print $4}')
  geo=$(xwininfo -display "$DISPLAY_NUM" -id "$id" | awk '/Width:/ {w=$2} /Height:/ {h=$2} /Absolute upper-left X:/ {x=$4} /Absolute upper-left Y:/ {y=$4} END {print w "x" h "+" x "+" y}')
  import -display "$DISPLAY_NUM" -window root -crop "$geo" +repage "docs/img/theme-$name.png"
  tmux -L sitedeck-shots kill-server 2>/dev/null || true
  kill "$xt" 2>/dev/null || true
  wait "$xt" 2>/dev/null || true
}

# Each theme named, the background also in COLORFGBG: inside tmux the deck may ask before tmux has
# learnt xterm's background (test/e2e/theme.test.ts covers the automatic choice).
shot dark black '#d0d0d0' '15;0' --theme dark
shot light white black '0;15' --theme light
shot high-contrast black white '15;0' --theme high-contrast
shot high-contrast-light white black '0;15' --theme high-contrast
shot no-color white black '0;15' --no-color
echo "saved: $(ls docs/img/theme-*.png | tr '\n' ' ')"
