/**
 * Which default-channel e2e shop a process talks to: shop i listens on E2E_PORT + 7 * i (its SMTP
 * capture on + 1000, its files under .data/e2e-<port>/), and a Playwright worker uses the shop of its
 * parallel index (TEST_PARALLEL_INDEX; playwright.config.ts runs one worker per shop and sets E2E_SHOPS).
 */
export const SHOP_PORT_STEP = 7;

/** The port of shop `index` (default: the running worker's shop; outside a worker, the first shop). */
export function shopPort(index = Number(process.env.TEST_PARALLEL_INDEX ?? 0)): number {
  const first = Number(process.env.E2E_PORT ?? 4399);
  const shops = Math.max(1, Number(process.env.E2E_SHOPS ?? 1));
  return first + SHOP_PORT_STEP * (index % shops);
}
