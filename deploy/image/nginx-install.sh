#!/usr/bin/env bash
# Image build step of the nginx image (FROM debian:bookworm-slim): Debian's nginx with its brotli
# static module, nothing else; the packages' default site is removed (the shop's config is its own).
# Runs as root on Debian; on a machine that already has both packages it only checks them.
set -euo pipefail
packages=(nginx-light libnginx-mod-http-brotli-static)
if ! dpkg -s "${packages[@]}" >/dev/null 2>&1; then
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${packages[@]}" >/dev/null
  rm -rf /var/lib/apt/lists/*
  if [ "${IMAGE_BUILD:-}" = 1 ]; then rm -f /etc/nginx/sites-enabled/default; fi
fi
nginx -v
ls /usr/lib/nginx/modules/ngx_http_brotli_static_module.so
