/**
 * Which payment provider runs: PAYMENT_PROVIDER names one of the implementations listed here, each
 * behind the PaymentProvider interface of provider.ts; a real provider is one more entry.
 */
import type { ApiEnv } from '../../env.ts';
import type { PaymentProvider } from './provider.ts';
import { createTestProvider } from './test-provider.ts';

/** Builds each known provider from the configuration; a real one is one more entry here. */
const PROVIDERS: Record<string, (env: ApiEnv) => PaymentProvider> = {
  test: createTestProvider,
};

const cache = new WeakMap<ApiEnv, PaymentProvider>();

/** The configured provider (one per configuration object). */
export function paymentProvider(env: ApiEnv): PaymentProvider {
  let p = cache.get(env);
  if (!p) {
    const make = PROVIDERS[env.PAYMENT_PROVIDER];
    if (!make)
      throw new Error(`PAYMENT_PROVIDER=${env.PAYMENT_PROVIDER} has no implementation (known: ${Object.keys(PROVIDERS).join(', ')})`);
    cache.set(env, (p = make(env)));
  }
  return p;
}

/** Whether PAYMENT_PROVIDER names a provider this build knows (checked at start-up). */
export const knownProvider = (code: string) => code in PROVIDERS;
