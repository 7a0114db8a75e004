/**
 * The card provider's origin for a page's Content-Security-Policy (script-src), asked of the API at
 * render time (GET /v1/settings/payment-service/card), so the policy names exactly the provider the
 * API uses; null when card payment is off or the API cannot say (the page then loads no provider script).
 */
import { getPaymentService } from '#api-client/checkout/card-payments.ts';

export async function cardProviderOrigin(): Promise<string | null> {
  try {
    const origin = (await getPaymentService('card')).provider?.origin;
    return origin && /^https?:\/\/[^/\s;,']+$/.test(origin) ? origin : null;
  } catch {
    return null;
  }
}
