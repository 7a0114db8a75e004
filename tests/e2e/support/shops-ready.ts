/**
 * Playwright globalSetup: waits until every shop of the run answers GET /readyz with 200. The shops
 * are started by playwright.config.ts's webServer list, which only waits for each one to listen (it
 * listens before its seed and build), so all of them seed and build at once instead of one after another.
 */
import { shopPort } from './shop.ts';

const READY_TIMEOUT_MS = 300_000;

/** The shops playwright.config.ts started (it sets E2E_SHOPS and E2E_SCHOOL for the run). */
function shopURLs(): string[] {
  const port = Number(process.env.E2E_PORT ?? 4399);
  const shops = Number(process.env.E2E_SHOPS ?? 1);
  const urls = Array.from({ length: shops }, (_, i) => `http://localhost:${shopPort(i)}`);
  if (process.env.E2E_SCHOOL === '1') urls.push(`http://localhost:${Number(process.env.E2E_SCHOOL_PORT ?? port + 5)}`);
  return urls;
}

async function readyStatus(url: string): Promise<number> {
  try {
    return (await fetch(`${url}/readyz`, { signal: AbortSignal.timeout(5000) })).status;
  } catch {
    return 0;
  }
}

async function waitReady(url: string, started: number): Promise<void> {
  for (;;) {
    const status = await readyStatus(url);
    if (status === 200) {
      console.log(`shop ${url} ready after ${((Date.now() - started) / 1000).toFixed(1)} s`);
      return;
    }
    if (Date.now() - started > READY_TIMEOUT_MS) {
      throw new Error(`shop ${url} not ready within ${READY_TIMEOUT_MS / 1000} s (last /readyz status: ${status || 'no answer'})`);
    }
    await new Promise((r) => setTimeout(r, 500));
  }
}

export default async function shopsReady(): Promise<void> {
  const started = Date.now();
  await Promise.all(shopURLs().map((url) => waitReady(url, started)));
}
