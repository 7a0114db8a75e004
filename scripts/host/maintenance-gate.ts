/**
 * The storefront server's side of the maintenance switch (spec 4 and 8). While the Shop API says it
 * is in maintenance (GET /v1/maintenance, read at most once a second and shared by every request
 * meanwhile), a page request answers 503 with the build's pre-rendered /maintenance/ page,
 * Retry-After and `no-store`; the page's script then shows the title and message from the same
 * call. Let through: static files of the build (scripts, styles, fonts, images, favicon, so that page
 * renders styled), the editor screens under /admin/ (editors switch maintenance off there or through
 * /admin/v1), and staff on MAINTENANCE_ALLOW, by the client address the rate limits use (TRUSTED_PROXIES
 * rules). Pages rendered for staff call the API with the internal secret (contracts/internal.ts), so
 * they see the shop as it is.
 */
import { readFileSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { join } from 'node:path';
import { CHANNEL_HEADER, XHR_HEADER, XHR_VALUE } from '#contracts/constants.ts';
import { internalHeaders } from '#contracts/internal.ts';
import { MAINTENANCE_RETRY_AFTER_SECONDS, type MaintenanceState, maintenanceStateSchema } from '#contracts/maintenance.ts';
import type { AllowList } from '../../api/src/lib/allow-list.ts';
import { resolveClientAddress } from '../../api/src/middleware/client-address.ts';
import { isStaticFile } from '../../src/lib/invalid-channel.ts';

export interface MaintenanceGateOptions {
  apiBaseUrl: string;
  channel: string;
  allow: AllowList;
  /** TRUSTED_PROXIES: peers whose X-Forwarded-For is believed. */
  trustedProxies: string | undefined;
  /** How long one answer of GET /v1/maintenance is used (default 1 s). */
  ttlMs?: number;
  fetch?: typeof fetch;
  now?: () => number;
  log?: (line: string) => void;
}

export interface MaintenanceGate {
  /** Whether this request gets the maintenance page instead of the shop. */
  blocks(req: IncomingMessage, clientDir: string): Promise<boolean>;
  /** Answers 503 with the build's maintenance page. */
  answer(req: IncomingMessage, res: ServerResponse, clientDir: string): void;
}

/** Paths the gate never holds back: the editor screens (their API, /admin/v1, is never gated either). */
export function isUngatedPath(url: string): boolean {
  const path = url.split(/[?#]/, 1)[0];
  return path === '/admin' || path.startsWith('/admin/');
}

/** The page sent when a build has no /maintenance/ page (it always should). */
const FALLBACK = (state: MaintenanceState) =>
  Buffer.from(
    '<!doctype html><html lang="ja"><meta charset="utf-8"><title>メンテナンス中</title>' +
      `<main><h1>${escapeHtml(state.title)}</h1><p>${escapeHtml(state.message)}</p></main></html>`,
  );

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
}

export function createMaintenanceGate(options: MaintenanceGateOptions): MaintenanceGate {
  const { apiBaseUrl, channel, allow, trustedProxies, ttlMs = 1000, now = Date.now, log = () => {} } = options;
  const fetchImpl = options.fetch ?? fetch;
  let state: MaintenanceState | null = null;
  let readAt = -Infinity;
  let inFlight: Promise<MaintenanceState | null> | null = null;
  let page: { dir: string; html: Buffer } | null = null;
  let failing = false;

  async function read(): Promise<MaintenanceState | null> {
    try {
      const res = await fetchImpl(`${apiBaseUrl}/v1/maintenance`, {
        headers: { [CHANNEL_HEADER]: channel, [XHR_HEADER]: XHR_VALUE, Accept: 'application/json', ...internalHeaders() },
        signal: AbortSignal.timeout(2000),
      });
      if (!res.ok) throw new Error(`GET /v1/maintenance answered ${res.status}`);
      const fresh = maintenanceStateSchema.parse(await res.json());
      if (failing) log('Maintenance state readable again');
      failing = false;
      if (fresh.enabled !== (state?.enabled ?? false))
        log(`Maintenance ${fresh.enabled ? 'on: pages answer 503 with /maintenance/' : 'off'}`);
      return fresh;
    } catch (error) {
      // The last state read stays: an API hiccup neither opens nor closes the shop.
      if (!failing) log(`Maintenance state unreadable (${error instanceof Error ? error.message : String(error)}); keeping the last one`);
      failing = true;
      return state;
    }
  }

  function current(): Promise<MaintenanceState | null> {
    if (now() - readAt < ttlMs) return Promise.resolve(state);
    inFlight ??= read()
      .then((fresh) => {
        state = fresh;
        return fresh;
      })
      .finally(() => {
        readAt = now();
        inFlight = null;
      });
    return inFlight;
  }

  function maintenancePage(clientDir: string): Buffer {
    if (page?.dir !== clientDir) {
      let html: Buffer;
      try {
        html = readFileSync(join(clientDir, 'maintenance', 'index.html'));
      } catch {
        html = FALLBACK(state ?? { enabled: true, title: 'メンテナンス中', message: 'ただいまメンテナンス中です。' });
      }
      page = { dir: clientDir, html };
    }
    return page.html;
  }

  return {
    async blocks(req, clientDir) {
      const url = req.url ?? '/';
      if (isUngatedPath(url)) return false;
      if (!(await current())?.enabled) return false;
      const address = resolveClientAddress(req.socket.remoteAddress, req.headers['x-forwarded-for'] as string | undefined, trustedProxies);
      if (allow.allows(address)) return false;
      return !((req.method === 'GET' || req.method === 'HEAD') && isStaticFile(clientDir, url));
    },
    answer(req, res, clientDir) {
      const html = maintenancePage(clientDir);
      res.writeHead(503, {
        'content-type': 'text/html; charset=utf-8',
        'content-length': html.length,
        'retry-after': String(MAINTENANCE_RETRY_AFTER_SECONDS),
        'cache-control': 'no-store',
      });
      res.end(req.method === 'HEAD' ? undefined : html);
    },
  };
}
