/** Settings calls (spec 7 "Settings"). */
import type { FrontSettings, PublicJson } from '#contracts/settings.ts';
import { type ScreenClass, screenClassFor } from '#lib/screen-class.ts';
import type { CallOptions } from '../core/call.ts';
import { boolean, type Decoder, number, object, string } from '../core/guard.ts';
import { request } from '../core/http.ts';
import type { OrderTerms } from '../core/types.ts';

const knownSettings = /* @__PURE__ */ object({
  'SITE.NAME': string,
  'SITE.NAMESPACE': string,
  'SITE.CHANNEL_PREFIX': string,
  'SITE.NO_MEMBER_USE': boolean,
  'SITE.STORAGE_URL': string,
  'SITE.BREAKPOINT.SCREEN-SM': number,
  'SITE.BREAKPOINT.SCREEN-MD': number,
  'ORDER.SHIPPING.IS_ALLOW_MULTIPLE': boolean,
  'CART.POPUP_COMPONENT': string,
  'PLUGIN.VERIFY_EMAIL_WHEN_LOGIN_AT_THE_FIRST_TIME.IS_USE': boolean,
  'PLUGIN.TEMPORARY_STOP_SELLING.IS_USE': boolean,
  'PLUGIN.TEMPORARY_STOP_SELLING.SELLING': boolean,
  THEME: string,
  TAG_MANAGER_ID: string,
  PURCHASE_VALUE_WITHOUT_TAX: boolean,
  'ORDER.DELIVERY_LEAD_TIME': string,
  'ORDER.RETURN_POLICY': string,
  'ORDER.RETURN_POLICY_FOOD': string,
});

/** The contract's keys checked; other settings (recommendation flags, …) pass through. */
const frontSettingsWire: Decoder<FrontSettings> = (v, p) => ({ ...(v as Record<string, unknown>), ...knownSettings(v, p) });

const publicJsonWire: Decoder<PublicJson> = /* @__PURE__ */ object({
  channel_id: string,
  site_name: string,
  api_base_url: string,
  theme: string,
});

const text = (v: unknown): string | null => (typeof v === 'string' && v.trim() ? v : null);

/** The delivery and return terms from GET /v1/settings/front (absent or blank keys → null). */
export function toOrderTerms(settings: Record<string, unknown>): OrderTerms {
  return {
    deliveryLeadTime: text(settings['ORDER.DELIVERY_LEAD_TIME']),
    returnPolicy: text(settings['ORDER.RETURN_POLICY']),
    returnPolicyFood: text(settings['ORDER.RETURN_POLICY_FOOD']),
  };
}

/** GET /v1/settings/front: the flat settings object keyed by the spec-9 names. */
export async function getFrontSettings(opts: CallOptions = {}): Promise<FrontSettings> {
  return (await request('GET', '/v1/settings/front', { parse: frontSettingsWire, signal: opts.signal })).data;
}

/**
 * GET /public.json (no /v1, never a bearer token). Its failures are ignored silently (spec 8), so
 * this resolves to null instead of rejecting.
 */
export async function getPublicJson(opts: CallOptions = {}): Promise<PublicJson | null> {
  try {
    return (await request('GET', '/public.json', { parse: publicJsonWire, signal: opts.signal, auth: false, silent: true })).data;
  } catch {
    return null;
  }
}

/** Selling has stopped when the temporary-stop plugin is on and selling is false (spec 4). */
export function isSellingStopped(settings: FrontSettings): boolean {
  return settings['PLUGIN.TEMPORARY_STOP_SELLING.IS_USE'] && !settings['PLUGIN.TEMPORARY_STOP_SELLING.SELLING'];
}

/** Screen class from the width and the SM/MD breakpoints (spec 4; the rule is src/lib/screen-class.ts). */
export function screenClass(
  width: number,
  settings: Pick<FrontSettings, 'SITE.BREAKPOINT.SCREEN-SM' | 'SITE.BREAKPOINT.SCREEN-MD'>,
): ScreenClass {
  return screenClassFor(width, { sm: settings['SITE.BREAKPOINT.SCREEN-SM'], md: settings['SITE.BREAKPOINT.SCREEN-MD'] });
}
