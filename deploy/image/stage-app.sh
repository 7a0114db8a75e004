#!/usr/bin/env bash
# Image build step 2 (stage `build`): lays out the application image's /app in <out>: the sources the
# processes run (Node 24 runs the .ts files directly), the storefront build, and production
# dependencies only (`npm install --omit=dev`; `npm ci` fails with this registry). The Dockerfile's
# final stages copy <out> as it is.
# Usage: deploy/image/stage-app.sh <src> <out>
set -euo pipefail
src="$(cd "${1:?usage: stage-app.sh <src> <out>}" && pwd)"
out="${2:?usage: stage-app.sh <src> <out>}"
export npm_config_update_notifier=false npm_config_fund=false npm_config_audit=false

# What the API, the storefront server, content-sync, live rebuilds (astro build) and db:migrate read.
runtime=(package.json package-lock.json astro.config.mjs tsconfig.json api scripts src islands themes contracts content-sync public dist deploy/image/healthcheck.ts deploy/image/writable-dirs.sh)
rm -rf "$out"
mkdir -p "$out"
for path in "${runtime[@]}"; do
  [ -e "$src/$path" ] || { echo "stage-app.sh: $path is missing in $src" >&2; exit 1; }
  mkdir -p "$out/$(dirname "$path")"
  cp -a "$src/$path" "$out/$path"
done
# Never a developer's or a build's leftovers (.dockerignore keeps them out of the image's context too).
rm -rf "$out/content-sync/.snapshot" "$out/.data" "$out/dist/"*.cache "$out/dist/"*.live
find "$out/dist" -name '.build-peak-rss' -delete

cd "$out"
npm install --omit=dev --prefer-offline --no-audit --no-fund
# The Node 24 binary package of package.json's optionalDependencies is for a developer's machine; the
# image runs the base image's node (the Dockerfile's NODE_IMAGE), so its 190 MB stay out.
rm -rf node_modules/node-linux-* node_modules/node-win-* node_modules/.bin/node
echo "stage-app.sh: $(du -sh "$out" | cut -f1) in $out ($(du -sh "$out/node_modules" | cut -f1) of production dependencies)"
