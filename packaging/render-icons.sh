#!/usr/bin/env bash
# Renders the PNG application icons from the SVG (resources/icons/hicolor/scalable/apps/) into
# resources/icons/hicolor/NxN/apps/. The PNGs are committed; run this after editing the SVG.
# Needs rsvg-convert (Debian: librsvg2-bin).
set -euo pipefail
cd "$(dirname "$0")/.."

id=org.accelplan.Accelplan
icons=resources/icons/hicolor
for size in 16 32 48 64 128 256; do
  mkdir -p "$icons/${size}x${size}/apps"
  rsvg-convert --width "$size" --height "$size" "$icons/scalable/apps/$id.svg" \
    --output "$icons/${size}x${size}/apps/$id.png"
done
