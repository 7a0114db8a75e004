/**
 * `npm start` runs the built-in test provider beside the shop, on its own port (so its own origin),
 * when PAYMENT_PROVIDER is `test` and no PAYMENT_PROVIDER_URL is given; it then points
 * PAYMENT_PROVIDER_URL at it for the API. TEST_PAYMENT_PORT picks the port (default 0: any free one).
 */
import { z } from 'zod';
import { readEnv } from '../../../env.ts';
import { startTestProvider } from './server.ts';

const portEnv = z.object({ TEST_PAYMENT_PORT: z.coerce.number().int().min(0).max(65535).default(0), HOST: z.string().optional() });

/** The shop origins a browser may tokenise from: SITE_URL, and its localhost/127.0.0.1 twin. */
export function shopOrigins(siteUrl: string): string[] {
  const url = new URL(siteUrl);
  const origins = [url.origin];
  for (const [a, b] of [
    ['localhost', '127.0.0.1'],
    ['127.0.0.1', 'localhost'],
  ]) {
    if (url.hostname === a) origins.push(`${url.protocol}//${b}${url.port ? `:${url.port}` : ''}`);
  }
  return origins;
}

/** Starts the test provider when it is the configured one; answers how to stop it. */
export async function startConfiguredTestProvider(log: (line: string) => void): Promise<() => Promise<void>> {
  const env = readEnv();
  if (env.PAYMENT_PROVIDER !== 'test' || env.PAYMENT_PROVIDER_URL) return async () => {};
  const parsed = portEnv.safeParse(Object.fromEntries(Object.entries(process.env).filter(([, v]) => v)));
  if (!parsed.success) throw new Error(`Invalid configuration:\n  TEST_PAYMENT_PORT: ${parsed.error.issues[0].message}`);
  const provider = await startTestProvider({
    port: parsed.data.TEST_PAYMENT_PORT,
    host: parsed.data.HOST,
    publicKey: env.PAYMENT_PROVIDER_PUBLIC_KEY,
    secret: env.PAYMENT_PROVIDER_SECRET,
    allowedOrigins: shopOrigins(env.SITE_URL),
  });
  process.env.PAYMENT_PROVIDER_URL = provider.url;
  log(`Test payment provider at ${provider.url} (its own origin; test cards in docs/payments.md)`);
  return provider.close;
}
