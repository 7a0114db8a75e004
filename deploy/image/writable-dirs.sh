#!/usr/bin/env bash
# Image build step 3 (final stages): the folders the processes write, owned by the unprivileged user;
# everything else stays root's and read-only to it. Kubernetes mounts emptyDir volumes on the same
# paths (read-only root filesystem), after copying the image's build into dist/ (deploy/k8s/).
# Usage: deploy/image/writable-dirs.sh <app> [<user>]   (chown is skipped when the user does not exist)
set -euo pipefail
app="${1:?usage: writable-dirs.sh <app> [<user>]}"
user="${2:-node}"
# dist/: the live rebuilds and shared builds (dist/<channel>.live, .cache); .data/: the precompress
# cache; content-sync/.snapshot: the content the storefront syncs; .astro and node_modules/.astro,
# node_modules/.vite: what astro build writes.
dirs=(dist .data content-sync/.snapshot .astro node_modules/.astro node_modules/.vite)
for dir in "${dirs[@]}"; do mkdir -p "$app/$dir"; done
if id -u "$user" >/dev/null 2>&1; then
  for dir in "${dirs[@]}"; do chown -R "$user:" "$app/$dir"; done
  echo "writable-dirs.sh: ${dirs[*]} owned by $user"
else
  echo "writable-dirs.sh: no user $user here, ownership left as it is"
fi
