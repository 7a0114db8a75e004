/** Settings calls (spec 7 "Settings"). */
import { frontSettingsSchema, publicJsonSchema, type FrontSettings, type PublicJson } from '#contracts/settings.ts';
import { request } from './http.ts';
import type { CallOptions } from './call.ts';

/** GET /v1/settings/front: the flat settings object keyed by the spec-9 names. */
export async function getFrontSettings(opts: CallOptions = {}): Promise<FrontSettings> {
  return (await request('GET', '/v1/settings/front', { schema: frontSettingsSchema, signal: opts.signal })).data;
}

/**
 * GET /public.json (no /v1, never a bearer token). Its failures are ignored silently (spec 8), so
 * this resolves to null instead of rejecting.
 */
export async function getPublicJson(opts: CallOptions = {}): Promise<PublicJson | null> {
  try {
    return (await request('GET', '/public.json', { schema: publicJsonSchema, signal: opts.signal, auth: false, silent: true })).data;
  } catch {
    return null;
  }
}

/** Selling has stopped when the temporary-stop plugin is on and selling is false (spec 4). */
export function isSellingStopped(settings: FrontSettings): boolean {
  return settings['PLUGIN.TEMPORARY_STOP_SELLING.IS_USE'] && !settings['PLUGIN.TEMPORARY_STOP_SELLING.SELLING'];
}

/** Screen class from the width and the SM/MD breakpoints (spec 4). */
export function screenClass(width: number, settings: Pick<FrontSettings, 'SITE.BREAKPOINT.SCREEN-SM' | 'SITE.BREAKPOINT.SCREEN-MD'>): 'phone' | 'tablet' | 'pc' {
  if (width <= settings['SITE.BREAKPOINT.SCREEN-SM']) return 'phone';
  if (width > settings['SITE.BREAKPOINT.SCREEN-MD']) return 'pc';
  return 'tablet';
}
