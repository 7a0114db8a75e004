/**
 * `npm run rebuild`: rebuild the storefront after a content change.
 *
 * - A shop running at SHOP_URL (default http://127.0.0.1:$PORT, PORT default 4321) is asked through its
 *   signed webhook (REBUILD_SECRET), and this command waits for that build's result (its status
 *   endpoint), so the running shop swaps to the new build itself without a restart.
 * - With no shop running, it builds directly like `npm run build` (content-sync, then an incremental
 *   `astro build` into dist/).
 * A running shop without REBUILD_SECRET is refused: building into the dist/ it serves would empty it
 * under its visitors' feet.
 */

import { refuseUnsafeProduction } from '../api/src/lib/production-secrets.ts';
import { log } from './host/build.ts';
import { SIGNATURE_HEADER, signRebuildRequest } from './host/rebuild-signature.ts';

const shopUrl = (process.env.SHOP_URL || `http://127.0.0.1:${process.env.PORT || '4321'}`).replace(/\/+$/, '');
const secret = process.env.REBUILD_SECRET;

async function isShopRunning(): Promise<boolean> {
  try {
    await fetch(`${shopUrl}/v1/content-state`, { signal: AbortSignal.timeout(2000) });
    return true;
  } catch {
    return false;
  }
}

async function signedFetch(path: string, method: 'GET' | 'POST', body = ''): Promise<Response> {
  return fetch(`${shopUrl}${path}`, {
    method,
    headers: { [SIGNATURE_HEADER]: signRebuildRequest(secret ?? '', body), 'content-type': 'application/json' },
    body: method === 'POST' ? body : undefined,
  });
}

interface Status {
  state: string;
  last: { ok: boolean; skipped: boolean; finished_at: string; duration_ms: number; error: string | null; changed: string[] } | null;
}

async function viaWebhook(): Promise<void> {
  const before = (await (await signedFetch('/hooks/rebuild/status', 'GET')).json()) as Status;
  const res = await signedFetch('/hooks/rebuild', 'POST', JSON.stringify({ reason: 'npm run rebuild' }));
  if (res.status !== 202) throw new Error(`the shop answered ${res.status}: ${await res.text()}`);
  log(`Rebuild queued at ${shopUrl}; waiting for its result…`);
  const previous = before.last?.finished_at;
  for (;;) {
    await new Promise((r) => setTimeout(r, 1000));
    const status = (await (await signedFetch('/hooks/rebuild/status', 'GET')).json()) as Status;
    if (status.state !== 'idle' || !status.last || status.last.finished_at === previous) continue;
    const { last } = status;
    if (!last.ok) throw new Error(`the rebuild failed (the shop keeps serving the previous build): ${last.error}`);
    log(
      last.skipped
        ? 'Nothing to rebuild: the shop already shows the current content'
        : `Rebuilt in ${(last.duration_ms / 1000).toFixed(1)} s (${last.changed.length} item(s) changed); the shop now serves it`,
    );
    return;
  }
}

async function direct(): Promise<void> {
  const { buildIfNeeded, runContentSync, startEphemeralApi } = await import('./host/build.ts');
  process.env.ASTRO_TELEMETRY_DISABLED = '1';
  const channel = process.env.CHANNEL || 'default';
  const external = process.env.API_BASE_URL;
  const api = external ? { baseUrl: external.replace(/\/+$/, ''), stop: async () => {} } : await startEphemeralApi();
  try {
    await runContentSync({ apiBaseUrl: api.baseUrl, channel });
    await buildIfNeeded({ apiBaseUrl: api.baseUrl, channel });
  } finally {
    await api.stop();
  }
}

async function main(): Promise<void> {
  refuseUnsafeProduction('shop', ['REBUILD_SECRET']);
  if (await isShopRunning()) {
    if (!secret) throw new Error(`a shop is running at ${shopUrl}: set REBUILD_SECRET (the same as the shop's) so it rebuilds itself`);
    await viaWebhook();
  } else {
    log(`No shop running at ${shopUrl}: building directly`);
    await direct();
  }
}

main().catch((error: unknown) => {
  console.error(`[shop] rebuild failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
