#!/usr/bin/env bash
# Image build step of the nginx image (FROM debian:bookworm-slim): Debian's nginx with its brotli
# static module, nothing else; the packages' default site is removed (the shop's config is its own).
# Runs as root on Debian; where nginx and the module are already installed (CI) it only checks them.
# Usage: deploy/image/nginx-install.sh [--image]   (--image: also drop the apt lists and default site)
set -euo pipefail
packages=(nginx-light libnginx-mod-http-brotli-static)
module=/usr/lib/nginx/modules/ngx_http_brotli_static_module.so
if ! command -v nginx >/dev/null || [ ! -f "$module" ]; then
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${packages[@]}" >/dev/null
fi
if [ "${1:-}" = --image ]; then rm -rf /var/lib/apt/lists/* /etc/nginx/sites-enabled/default; fi
# compose.conf's proxy_cache_path is /var/cache/nginx/shop; nginx makes only the last level itself.
mkdir -p /var/cache/nginx
nginx -v
ls "$module"
