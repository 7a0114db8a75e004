#!/usr/bin/env bash
# Image build step 1 (Dockerfile stage `build`): every dependency, then the storefront's build of
# CHANNEL (default `default`) into <src>/dist/<channel>/, made on a throwaway embedded database seeded
# by the build itself (as .ci/run does), so no database is needed to build the image.
# SHOP_PREBUILT_DIST=<folder> copies an existing build of that channel instead (CI reuses the build it
# already made; the image itself always builds).
# Usage: deploy/image/build.sh [<src>]   (default: the repository this script is in)
set -euo pipefail
src="$(cd "${1:-$(dirname "$0")/../..}" && pwd)"
channel="${CHANNEL:-default}"
cd "$src"
export ASTRO_TELEMETRY_DISABLED=1 npm_config_update_notifier=false npm_config_fund=false npm_config_audit=false

if [ -n "${SHOP_PREBUILT_DIST:-}" ]; then
  [ -f "$SHOP_PREBUILT_DIST/server/entry.mjs" ] || { echo "build.sh: SHOP_PREBUILT_DIST=$SHOP_PREBUILT_DIST holds no build (server/entry.mjs missing)" >&2; exit 1; }
  mkdir -p dist
  rm -rf "dist/$channel"
  cp -a "$SHOP_PREBUILT_DIST" "dist/$channel"
  echo "build.sh: reused the build in $SHOP_PREBUILT_DIST as dist/$channel"
  exit 0
fi

# Not `npm ci`: with this registry the lockfile lacks the astro compiler's optional platform packages.
npm install --no-audit --no-fund
tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT
# The build's content-sync starts the embedded API on PGlite in $tmp (created, migrated, seeded), so the
# image never sees an operator's database; NODE_ENV stays unset: this is a build, not a production start.
# The snapshot stays in its default folder, the one the running storefront syncs into: the build's stamp
# hashes its path, so a storefront whose synced content equals the build's serves the image's build.
env -u NODE_ENV -u CONTENT_SNAPSHOT_DIR DATA_DIR="$tmp/pglite" API_BASE_URL= DATABASE_URL= REDIS_URL= \
  CHANNEL="$channel" npm run build
[ -f "dist/$channel/server/entry.mjs" ] || { echo "build.sh: no dist/$channel/server/entry.mjs after the build" >&2; exit 1; }
echo "build.sh: built dist/$channel"
