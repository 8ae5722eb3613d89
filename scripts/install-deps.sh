#!/usr/bin/env bash
# Installs what building and testing Word Club needs, idempotently: Debian packages (when
# missing), the npm packages of package.json, and cargo tools. Safe to run again and again.
#   scripts/install-deps.sh          everything (build, app, browser and window tests)
#   scripts/install-deps.sh --app    only what building and running the app needs
set -euo pipefail
cd "$(dirname "$0")/.."

app_pkgs=(build-essential pkg-config file libwebkit2gtk-4.1-dev)
test_pkgs=(scowl xvfb xauth webkit2gtk-driver chromium imagemagick)
want=("${app_pkgs[@]}")
[ "${1:-}" = "--app" ] || want+=("${test_pkgs[@]}")

missing=()
for p in "${want[@]}"; do
  dpkg-query -W -f '${Status}' "$p" 2>/dev/null | grep -q 'install ok installed' || missing+=("$p")
done
if [ ${#missing[@]} -gt 0 ]; then
  echo "installing Debian packages: ${missing[*]}"
  sudo_cmd=""
  [ "$(id -u)" -eq 0 ] || sudo_cmd="sudo"
  $sudo_cmd apt-get update -q
  DEBIAN_FRONTEND=noninteractive $sudo_cmd apt-get install -y --no-install-recommends "${missing[@]}"
fi

if [ -f package.json ] && command -v npm >/dev/null; then
  if [ ! -d node_modules ] || [ package-lock.json -nt node_modules ]; then
    npm ci --no-audit --no-fund
  fi
fi
