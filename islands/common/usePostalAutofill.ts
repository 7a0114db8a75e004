/**
 * Fills prefecture, city and town from a postal code as the shopper types it (GET /v1/postal-code).
 * The form calls `lookup` with the field's value on input and on blur; anything but 7 digits (a
 * hyphen allowed, full-width digits read as half-width) is ignored. A lookup waits for the typing to
 * pause, a newer code cancels the older request, and `onFill` runs once per code found: the form
 * puts the town into address1 and leaves the street number to the shopper.
 */
import { lookupPostalCode } from '#api-client/account/addresses.ts';
import { ApiError, CLIENT_CODES, isHandledError } from '#api-client/core/errors.ts';
import { useCallback, useEffect, useRef, useState } from './react.ts';

export interface PostalFill {
  prefecture: string;
  city: string;
  town: string;
}
export type PostalAutofillStatus = 'idle' | 'loading' | 'found' | 'not_found' | 'error';

export const POSTAL_NOT_FOUND_MESSAGE = '該当する住所が見つかりませんでした。住所を直接入力してください。';
export const POSTAL_ERROR_MESSAGE = '住所を取得できませんでした。時間をおいて再度お試しいただくか、住所を直接入力してください。';
/** How long typing must pause before the lookup is sent. */
export const POSTAL_DEBOUNCE_MS = 300;

/** "150-0001", "1500001" or "１５０－０００１" → "1500001"; anything else → null. */
export function postalDigits(value: string): string | null {
  const half = value.trim().replace(/[０-９]/g, (d) => String.fromCharCode(d.charCodeAt(0) - 0xfee0));
  const m = /^(\d{3})[-－ー‐−]?(\d{4})$/.exec(half);
  return m ? m[1] + m[2] : null;
}

export function usePostalAutofill(opts: { onFill: (a: PostalFill) => void }): {
  lookup(code: string): void;
  status: PostalAutofillStatus;
  message: string | null;
} {
  const [status, setStatus] = useState<PostalAutofillStatus>('idle');
  const [message, setMessage] = useState<string | null>(null);
  const onFill = useRef(opts.onFill);
  onFill.current = opts.onFill;
  /** The code scheduled, in flight or answered (found or not); a repeat call with it does nothing. */
  const current = useRef<string | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const inFlight = useRef<AbortController | null>(null);

  const cancel = useCallback(() => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = null;
    inFlight.current?.abort();
    inFlight.current = null;
  }, []);

  useEffect(() => cancel, [cancel]);

  const run = useCallback(async (digits: string) => {
    const controller = new AbortController();
    inFlight.current = controller;
    setStatus('loading');
    setMessage(null);
    try {
      const found = await lookupPostalCode(digits, { signal: controller.signal });
      if (controller.signal.aborted) return;
      if (found) {
        setStatus('found');
        onFill.current({ prefecture: found.prefecture, city: found.city, town: found.town });
      } else {
        setStatus('not_found');
        setMessage(POSTAL_NOT_FOUND_MESSAGE);
      }
    } catch (e) {
      if (controller.signal.aborted || (e instanceof ApiError && e.code === CLIENT_CODES.aborted)) return;
      // Redirects (maintenance, invalid channel) are already under way: nothing to add here.
      current.current = null;
      setStatus(isHandledError(e) ? 'idle' : 'error');
      setMessage(isHandledError(e) ? null : POSTAL_ERROR_MESSAGE);
    } finally {
      if (inFlight.current === controller) inFlight.current = null;
    }
  }, []);

  const lookup = useCallback(
    (code: string) => {
      const digits = postalDigits(code);
      if (digits === current.current) return;
      cancel();
      current.current = digits;
      if (digits === null) {
        setStatus('idle');
        setMessage(null);
        return;
      }
      timer.current = setTimeout(() => {
        timer.current = null;
        void run(digits);
      }, POSTAL_DEBOUNCE_MS);
    },
    [cancel, run],
  );

  return { lookup, status, message };
}
