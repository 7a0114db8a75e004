/**
 * The card payment provider, as the shop sees it. The browser tokenises the card with the
 * provider's own script on the provider's own origin; the shop only ever holds the provider's
 * token or saved-card reference, never the number, expiry or code (PCI SAQ A, METI 非保持化).
 * Which provider runs is configuration: PAYMENT_PROVIDER (test by default), PAYMENT_PROVIDER_URL,
 * PAYMENT_PROVIDER_PUBLIC_KEY, PAYMENT_PROVIDER_SECRET (docs/payments.md says how to add one).
 * This file is the interface only: the implementations import it, and registry.ts picks one.
 */

/** Card facts a provider tells the shop: brand, last 4 digits, expiry YYYYMM, holder name. */
export interface CardSummary {
  brand: string;
  last4: string;
  expiry: string;
  name: string;
}

export interface AuthorizeInput {
  /** A one-time token from the browser, or a saved-card reference. */
  source: string;
  /** Yen, tax included. */
  amount: number;
  /** The shop's reference (the cart), shown in the provider's records. */
  orderRef: string;
  /** Where the 3-D Secure step sends the shopper back. */
  returnUrl: string;
}

export type AuthorizeResult =
  | ({ status: 'authorized'; ref: string } & CardSummary)
  | ({ status: 'requires_action'; ref: string; redirectUrl: string } & CardSummary)
  | { status: 'failed'; code: string; reason: string };

/**
 * The answer to a change of a charge. A failure's `code`: `declined` (the card company refused an
 * increase: nothing changed), `unavailable` (no answer: the outcome is unknown, the call may be
 * repeated since every change is idempotent), or the provider's own (`invalid_state`, …).
 */
export type ChargeChange = { ok: true; status: string } | { ok: false; reason: string; code?: string };

/**
 * What a provider's callback says, once its signature is verified. `id` is the provider's event id
 * (its signature when the provider sends none): the shop applies each id once.
 */
export interface CallbackEvent {
  id: string;
  type: string;
  ref: string;
  result: string;
  reason: string | null;
  raw: Record<string, unknown>;
}

export interface PaymentProvider {
  /** The code in PAYMENT_PROVIDER and in the callback path /v1/{code}/receive/…. */
  readonly code: string;
  /** What the browser needs: the provider's script, its origin (for the CSP) and the public key. */
  publicSettings(): { script_url: string; origin: string; public_key: string } | null;
  /** The card a token or saved-card reference stands for, or null when it is unknown or expired. */
  describe(source: string): Promise<CardSummary | null>;
  authorize(input: AuthorizeInput): Promise<AuthorizeResult>;
  /** Completes an authorisation after the 3-D Secure step, with the signed result it returned. */
  complete3ds(ref: string, result: string): Promise<AuthorizeResult>;
  /**
   * Captures (売上確定) `amount` yen of an authorised charge (default: all of it). Idempotent: a
   * charge captured already answers ok, so a capture repeated after a crash never captures twice.
   */
  capture(ref: string, amount?: number): Promise<ChargeChange>;
  /** Voids an authorisation that was not captured. Idempotent: a voided charge answers ok. */
  void(ref: string): Promise<ChargeChange>;
  /**
   * Refunds `amount` yen of a captured charge (all of it on a cancellation; less for a partial
   * refund). `key` is the shop's idempotency key: a repeat with the same key refunds nothing more.
   */
  refund(ref: string, amount: number, key: string): Promise<ChargeChange>;
  /**
   * Sets an authorised (not captured) charge's amount. Lower: always accepted. Higher: a new
   * authorisation the card company may refuse (code `declined`, the old amount stays). The same
   * amount again changes nothing, so a repeat after a crash is safe.
   */
  changeAmount(ref: string, amount: number): Promise<ChargeChange>;
  /** Turns a one-time token into a reusable saved-card reference. */
  createCustomerCard(token: string): Promise<({ ref: string } & CardSummary) | null>;
  /** The event of a callback whose signature is valid, else null. */
  verifyCallback(rawBody: string, headers: Record<string, string | undefined>): CallbackEvent | null;
}
