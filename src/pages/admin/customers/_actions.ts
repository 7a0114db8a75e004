/**
 * The customer screen's two actions as forms: the point adjustment (read from the form, checked
 * with the API's own schema before the confirmation step, so a mistyped amount is named at once)
 * and the unlock; the wording of their confirmation and of the line shown after each.
 */
import { type PointAdjustRequest, pointAdjustRequestSchema } from '#contracts/admin-customers.ts';
import { issuesToErrors, japaneseIssue } from '#contracts/issues.ts';
import { formatNumber } from '#lib/money.ts';

export interface AdjustForm {
  amount: string;
  reason: string;
  request_key: string;
}

const KEY = /^[A-Za-z0-9_-]{16,64}$/;

/** A fresh one-time key for a form being rendered. */
export const newRequestKey = () => crypto.randomUUID();

/** The form as posted; a missing or malformed key is replaced (a fresh form then). */
export function adjustFormFrom(data: FormData): AdjustForm {
  const key = String(data.get('request_key') ?? '');
  return {
    amount: String(data.get('amount') ?? '').trim(),
    reason: String(data.get('reason') ?? ''),
    request_key: KEY.test(key) ? key : newRequestKey(),
  };
}

/** The form checked as the API will check it: the request, or the Japanese messages by field. */
export function parseAdjust(form: AdjustForm): { request: PointAdjustRequest } | { errors: Record<string, string[]> } {
  const typed = form.amount
    .normalize('NFKC')
    .replace(/[,\s]/g, '')
    .replace(/^[−ー－]/, '-');
  const amount = typed === '' ? undefined : /^[+-]?\d{1,9}$/.test(typed) ? Number(typed) : typed;
  const parsed = pointAdjustRequestSchema.safeParse(
    { amount, reason: form.reason, request_key: form.request_key },
    { error: japaneseIssue },
  );
  return parsed.success ? { request: parsed.data } : { errors: issuesToErrors(parsed.error) };
}

const verb = (amount: number) => (amount > 0 ? '加算' : '減算');

/** 「100 ポイントを加算します。よろしいですか？」 */
export const adjustQuestion = (amount: number) => `${formatNumber(Math.abs(amount))} ポイントを${verb(amount)}します。よろしいですか？`;

/** The line after a redirect with ?done=…, or null. */
export function doneLine(params: URLSearchParams): string | null {
  const done = params.get('done');
  if (done === 'unlocked') return 'ロックを解除しました。会員はすぐにログインできます。';
  const amount = Number(params.get('amount'));
  if (done === 'points' && Number.isInteger(amount) && amount !== 0)
    return `${formatNumber(Math.abs(amount))} ポイントを${verb(amount)}しました。`;
  return null;
}
