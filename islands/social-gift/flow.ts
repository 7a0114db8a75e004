/**
 * The receiver's journey through /social-gift/{key?}/…: which step a URL is, and what the receiver
 * has entered so far, kept in this tab's sessionStorage (the address never leaves the receiver's
 * browser until the final PUT; it is dropped once the gift is received). The key segment is optional
 * (spec 2): a step opened without it continues with the key this tab last opened.
 */

import { formatDayWithWeekday } from '#contracts/dates.ts';
import type { SocialGiftAddressCheck, SocialGiftDelivery } from '#contracts/social-gift.ts';
import type { SocialGiftStep } from '#lib/routes.ts';

export const STEPS: readonly SocialGiftStep[] = ['', 'shipping', 'delivery', 'confirm', 'complete'];
const NAMED = new Set<string>(STEPS.filter(Boolean));
const KEY_PATTERN = /^[A-Za-z0-9_-]{1,100}$/;

/** The key and step of `/social-gift/…` path segments, or null for a path that is no gift page. */
export function parseGiftPath(segments: readonly string[]): { key: string | null; step: SocialGiftStep } | null {
  if (segments.length === 0) return { key: null, step: '' };
  if (segments.length === 1) {
    if (NAMED.has(segments[0])) return { key: null, step: segments[0] as SocialGiftStep };
    return KEY_PATTERN.test(segments[0]) ? { key: segments[0], step: '' } : null;
  }
  if (segments.length === 2 && KEY_PATTERN.test(segments[0]) && NAMED.has(segments[1])) {
    return { key: segments[0], step: segments[1] as SocialGiftStep };
  }
  return null;
}

export interface GiftDraft {
  key: string;
  /** The address as the API checked it (POST /check/shipping), with the form's values. */
  address?: SocialGiftAddressCheck['address'] & { address2: string };
  delivery?: SocialGiftDelivery;
}

const STORAGE_KEY = 'shop:social-gift';

function storage(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
}

/** What this tab has entered for `key` (a draft of another key is not this gift's). */
export function readDraft(key: string | null): GiftDraft | null {
  try {
    const raw = storage()?.getItem(STORAGE_KEY);
    const draft = raw ? (JSON.parse(raw) as GiftDraft) : null;
    if (!draft || typeof draft.key !== 'string' || !KEY_PATTERN.test(draft.key)) return null;
    return key === null || draft.key === key ? draft : null;
  } catch {
    return null;
  }
}

/** Stores the draft (a new key starts a new one). */
export function writeDraft(draft: GiftDraft): void {
  try {
    storage()?.setItem(STORAGE_KEY, JSON.stringify(draft));
  } catch {
    // Storage full or off: the steps still work within one page, the next step asks again.
  }
}

/** Forgets the address and date once the gift is received; keeps the key for the complete page. */
export function finishDraft(key: string): void {
  writeDraft({ key });
}

/** "2026-12-05" → "2026.12.05（土）" (spec 9). */
export const formatGiftDate = formatDayWithWeekday;

/** The delivery choice in words: 「2026.12.05（土） 午前中」, 「指定なし」 for either part left open. */
export function deliveryText(d: Pick<SocialGiftDelivery, 'delivery_date' | 'delivery_timezone_label'>): string {
  return `${d.delivery_date ? formatGiftDate(d.delivery_date) : 'お届け日の指定なし'}　${d.delivery_timezone_label === '指定なし' ? '時間帯の指定なし' : d.delivery_timezone_label}`;
}
