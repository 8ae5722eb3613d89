#!/usr/bin/env bash
# Draws Word Club's app icon (an original letter tile, "W" worth 4) with ImageMagick and
# writes every size the bundlers need. Run from anywhere; needs /usr/bin/convert and
# node_modules (npm ci) for the Tauri CLI's `icon` command, which makes the .ico and .icns.
set -euo pipefail
cd "$(dirname "$0")"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
/usr/bin/convert -size 1024x1024 xc:none \
  -fill '#00000040' -draw "roundrectangle 92,112 952,972 120,120" -blur 0x14 \
  -fill '#e8c27a' -stroke '#9c6b2e' -strokewidth 18 -draw "roundrectangle 72,72 932,932 120,120" \
  -stroke none -fill '#f3d9a4' -draw "roundrectangle 110,110 894,460 90,90" \
  -fill '#3b2414' -font DejaVu-Sans-Bold -pointsize 620 -gravity center -annotate +0+10 'W' \
  -pointsize 170 -gravity southeast -annotate +150+130 '4' \
  PNG32:"$work/source.png"
(cd .. && npx tauri icon "$work/source.png" -o "$work/out" >/dev/null 2>&1)
for f in 32x32.png 64x64.png 128x128.png 128x128@2x.png icon.png icon.ico icon.icns; do
  cp "$work/out/$f" "$f"
done
