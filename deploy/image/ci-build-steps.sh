#!/usr/bin/env bash
# CI (and anyone without a container runtime): runs the image's build steps as the Dockerfile does, on
# the checkout's files (what `COPY . .` sees through .dockerignore), into IMAGE_ROOT (default: a fresh
# temporary folder, removed afterwards unless IMAGE_ROOT was given), then checks the result:
#   - /app's node_modules holds no package the lockfile marks dev-only, and dist/<channel>/ is there;
#   - the staged API starts from /app in production mode on a throwaway PGlite and answers /healthz
#     (and, once scripts/db-migrate.ts has migrated it, /readyz);
#   - the staged storefront starts from /app against it and answers a page (its build loads or
#     rebuilds with production dependencies only).
# SHOP_PREBUILT_DIST=<dist/<channel>> reuses a build CI already made (the image builds its own).
# Node: the `node` from PATH, as in the image; here CI puts node_modules/.bin (Node 24) first.
# Usage: deploy/image/ci-build-steps.sh   (ports CI_IMAGE_PORT and the next one, default 5590)
set -euo pipefail
repo="$(cd "$(dirname "$0")/../.." && pwd)"
[ -x "$repo/node_modules/.bin/node" ] && export PATH="$repo/node_modules/.bin:$PATH"
root="${IMAGE_ROOT:-$(mktemp -d)}"
[ -n "${IMAGE_ROOT:-}" ] || trap 'rm -rf "$root"' EXIT
channel="${CHANNEL:-default}"
# build.sh runs inside the copied build context (which has no dist/): a relative path means the checkout's.
if [ -n "${SHOP_PREBUILT_DIST:-}" ]; then SHOP_PREBUILT_DIST="$(cd "$SHOP_PREBUILT_DIST" && pwd)"; export SHOP_PREBUILT_DIST; fi
api_port="${CI_IMAGE_PORT:-5590}"
web_port=$((api_port + 1))
step() { printf '  [%3ss] %s\n' "$(( $(date +%s) - t0 ))" "$1"; }
t0=$(date +%s)
echo "image build steps into $root (node $(node -v))"

# The build context: tracked and untracked-but-not-ignored files, minus .dockerignore's entries.
rm -rf "$root/src" && mkdir -p "$root/src"
(cd "$repo" && git ls-files -z --cached --others --exclude-standard --exclude-from=.dockerignore \
  | xargs -0 -I{} sh -c 'test -e "{}" && printf "%s\0" "{}"' \
  | tar --null -T - -cf -) | tar -C "$root/src" -xf -
step "build context copied ($(find "$root/src" -type f | wc -l) files)"

"$root/src/deploy/image/build.sh" "$root/src"
step "build.sh done"
"$root/src/deploy/image/stage-app.sh" "$root/src" "$root/app"
step "stage-app.sh done"
"$root/src/deploy/image/stage-edge.sh" "$root/src" "$root/edge"
step "stage-edge.sh done"
# The edge image's own step: Debian's nginx and the brotli module (here: only checked when installed).
"$root/src/deploy/image/nginx-install.sh" >/dev/null
# nginx -t on the staged config as the edge image runs it; its upstreams are compose's service names,
# resolved here through a private /etc/hosts (a mount namespace, so the machine's stays untouched).
hosts="$root/edge/hosts"
{ cat /etc/hosts; sed -n '/^services:/,/^[a-z]/p' "$root/src/deploy/compose.yaml" | sed -nE 's/^  ([a-z0-9-]+):.*/127.0.0.1 \1/p'; } > "$hosts"
if unshare -m true 2>/dev/null; then
  unshare -m sh -c "mount --bind '$hosts' /etc/hosts && nginx -t -q -c '$root/edge/etc/nginx/shop.conf'"
  step "nginx -t on the edge image's config: OK"
else
  step "nginx -t on the edge image's config skipped: no mount namespace here"
fi
# The image's user is `node` (uid 1000); here the start check below runs as `nobody` instead, owning only
# the same writable folders, so a process writing anywhere else in /app fails here as in the image.
run_as=()
if [ "$(id -u)" = 0 ] && id -u nobody >/dev/null 2>&1; then
  "$root/app/deploy/image/writable-dirs.sh" "$root/app" nobody
  run_as=(setpriv --reuid=nobody --regid="$(id -g nobody)" --clear-groups)
else
  "$root/app/deploy/image/writable-dirs.sh" "$root/app" node
fi
step "writable-dirs.sh done"

# ---- checks ----
app="$root/app"
node -e '
  const { existsSync, readFileSync } = require("node:fs");
  const app = process.argv[1];
  const lock = JSON.parse(readFileSync(`${app}/package-lock.json`, "utf8"));
  const dev = Object.entries(lock.packages).filter(([p, e]) => p.startsWith("node_modules/") && e.dev);
  const present = dev.map(([p]) => p).filter((p) => existsSync(`${app}/${p}`));
  if (present.length) { console.error(`dev-only packages in the image: ${present.slice(0, 20).join(", ")}`); process.exit(1); }
  const direct = Object.keys(JSON.parse(readFileSync(`${app}/package.json`, "utf8")).devDependencies ?? {});
  const leaked = direct.filter((name) => existsSync(`${app}/node_modules/${name}`) && lock.packages[`node_modules/${name}`]?.dev);
  if (leaked.length) { console.error(`devDependencies in the image: ${leaked.join(", ")}`); process.exit(1); }
  console.log(`  no dev-only package among ${dev.length} the lockfile lists; devDependencies absent: ${direct.length}`);
' "$app"
[ -f "$app/dist/$channel/server/entry.mjs" ] && [ -d "$app/dist/$channel/client" ] || { echo "no dist/$channel in the image" >&2; exit 1; }

secret() { node -e 'console.log(require("node:crypto").randomBytes(24).toString("base64url"))'; }
data="$root/run"
rm -rf "$data" && mkdir -p "$data/pglite"
chmod 755 "$root"
[ ${#run_as[@]} -eq 0 ] || chown -R nobody: "$data"
pids=()
cleanup() { for pid in "${pids[@]}"; do kill "$pid" 2>/dev/null || true; done; }
trap 'cleanup; [ -n "${IMAGE_ROOT:-}" ] || rm -rf "$root"' EXIT
export NODE_ENV=production PAYMENT_PROVIDER=test PAYMENT_PROVIDER_SECRET="$(secret)" SHOP_INTERNAL_SECRET="$(secret)" \
  REBUILD_SECRET="$(secret)" DATA_DIR="$data/pglite" DATABASE_URL= REDIS_URL= S3_ENDPOINT= S3_BUCKET= \
  TRUSTED_PROXIES=127.0.0.1 SITE_URL="${SITE_URL:-http://localhost:4321}" ASTRO_TELEMETRY_DISABLED=1
if [ -f "$app/scripts/db-migrate.ts" ]; then
  (cd "$app" && "${run_as[@]}" node scripts/db-migrate.ts --seed) > "$data/migrate.log" 2>&1 || { cat "$data/migrate.log"; exit 1; }
  step "db-migrate.ts --seed from /app"
fi
# The status of GET url, 000 when nothing answers (node's fetch: no curl needed on the machine).
status_of() { node -e 'fetch(process.argv[1], { signal: AbortSignal.timeout(5000) }).then((r) => console.log(r.status), () => console.log("000"))' "$1"; }
wait_for() { # url seconds [any] -> prints the status (200, or with "any" the first answer at all)
  local url="$1" deadline=$(( $(date +%s) + $2 )) status=000
  while [ "$(date +%s)" -lt "$deadline" ]; do
    status=$(status_of "$url")
    [ "$status" = 200 ] && break
    [ "${3:-}" = any ] && [ "$status" != 000 ] && break
    sleep 0.5
  done
  echo "$status"
}
(cd "$app" && API_PORT="$api_port" exec "${run_as[@]}" node api/src/server.ts) > "$data/api.log" 2>&1 &
pids+=($!)
status=$(wait_for "http://127.0.0.1:$api_port/healthz" 60 any)
if [ "$status" = 200 ]; then
  step "API from /app answers /healthz"
  ready=$(wait_for "http://127.0.0.1:$api_port/readyz" 20)
  [ "$ready" = 200 ] || { echo "API /readyz answered $ready"; tail -20 "$data/api.log"; exit 1; }
  step "API from /app answers /readyz 200"
else
  echo "the staged API did not answer (status $status):"; tail -30 "$data/api.log"; exit 1
fi
(cd "$app" && PORT="$web_port" API_BASE_URL="http://127.0.0.1:$api_port" CONTENT_POLL_MS=0 \
  exec "${run_as[@]}" node scripts/host/start.ts) > "$data/web.log" 2>&1 &
pids+=($!)
status=$(wait_for "http://127.0.0.1:$web_port/" 240)
[ "$status" = 200 ] || { echo "the staged storefront answered $status:"; tail -30 "$data/web.log"; exit 1; }
grep -q 'Astro build done' "$data/web.log" && how="rebuilt at start with production dependencies" || how="the image's build served"
step "storefront from /app answers / ($how)"
echo "image build steps: OK in $(( $(date +%s) - t0 )) s"
