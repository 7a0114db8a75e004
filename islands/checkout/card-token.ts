/**
 * Tokenising a card in the browser with the payment provider's own script, loaded from the
 * provider's origin (GET /v1/settings/payment-service/card names it; the payment page's CSP allows
 * exactly that origin). The number, expiry and code go to the provider only: the shop's origin
 * receives the token and the card's brand and last 4.
 */
import { getPaymentService } from '#api-client/checkout/card-payments.ts';

export interface CardInput {
  number: string;
  expiry: string;
  code: string;
  name: string;
}
export interface CardToken {
  id: string;
  card: { brand: string; last4: string; expiry: string; name: string };
}
/** A refusal from the provider: a message and messages per field (number, expiry, code, name). */
export interface CardTokenError {
  message: string;
  errors: Partial<Record<keyof CardInput, string[]>>;
}

interface ProviderScript {
  createToken: (card: CardInput) => Promise<CardToken>;
}
declare global {
  interface Window {
    TestPay?: (publicKey: string) => ProviderScript;
  }
}

let loading: Promise<void> | null = null;

function loadScript(src: string): Promise<void> {
  loading ??= new Promise<void>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = src;
    script.async = true;
    script.onload = () => resolve();
    script.onerror = () => {
      loading = null;
      reject(new Error('provider script'));
    };
    document.head.append(script);
  });
  return loading;
}

const unavailable = (): CardTokenError => ({
  message: 'カード決済サービスに接続できませんでした。時間をおいて再度お試しください。',
  errors: {},
});

/** The provider's token for this card, or a CardTokenError (thrown). */
export async function tokeniseCard(card: CardInput): Promise<CardToken> {
  const settings = await getPaymentService('card').catch(() => null);
  const provider = settings?.provider;
  if (!provider) throw unavailable();
  try {
    await loadScript(provider.script_url);
  } catch {
    throw unavailable();
  }
  const make = window.TestPay;
  if (!make) throw unavailable();
  return make(provider.public_key).createToken(card);
}

/** Whether a thrown value is the provider's refusal. */
export const isCardTokenError = (e: unknown): e is CardTokenError =>
  !!e && typeof e === 'object' && typeof (e as CardTokenError).message === 'string' && typeof (e as CardTokenError).errors === 'object';
