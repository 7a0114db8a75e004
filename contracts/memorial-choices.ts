/**
 * The fixed choices and rules of the memorial-day and name-embroidery screens, without zod: the
 * API's contract (contracts/memorials.ts) and the browser's forms read the same objects, so a form
 * refuses exactly what the API would.
 */

/** Memorial kinds (division_ct). */
export const MEMORIAL_DIVISIONS = { 1: '誕生日', 2: '結婚記念日', 3: 'その他の記念日' } as const;
export type MemorialDivision = keyof typeof MEMORIAL_DIVISIONS;

/** Most memorial days a member can keep, sent in the x-limit header of the list. */
export const MEMORIAL_LIMIT = 20;
/** Longest 「お名前」 (target_user_name) and 「記念日名」 (name). */
export const MEMORIAL_TEXT_MAX = 30;

/** The day exists in some year: 2月29日 yes (leap years), 2月30日 and 4月31日 no. */
export function isMemorialDay(month: number, date: number): boolean {
  if (!Number.isInteger(month) || !Number.isInteger(date) || month < 1 || month > 12 || date < 1) return false;
  return date <= new Date(Date.UTC(2000, month, 0)).getUTCDate();
}

// The fonts and thread colours live with the line embroidery's helpers, which the cart and checkout
// bundles load without the memorial rules; they are re-exported here for the forms and the API.
export { EMBROIDERY_COLORS, EMBROIDERY_FONTS, type EmbroideryColor, type EmbroideryFont } from './embroidery-choices.ts';

/** Most characters stitched (a character as a person counts it: 𠮷 is one). */
export const EMBROIDERY_TEXT_MAX = 12;
/**
 * Characters the machine can stitch: hiragana, katakana, kanji, letters and digits (half- or
 * full-width), spaces and the marks ・ ー . & ' - (and their full-width forms). Half-width katakana
 * (ｱｲｳ) is not one of them.
 */
export const EMBROIDERY_TEXT =
  /^(?!.*[\uFF61-\uFF9F])[\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Han}A-Za-z0-9Ａ-Ｚａ-ｚ０-９ 　・ー.&'\-．＆＇－々〆ヶ]+$/u;
export const EMBROIDERY_TEXT_LABEL = '刺繍する文字';
export const embroideryMessages = {
  characters: `${EMBROIDERY_TEXT_LABEL}には、ひらがな・カタカナ・漢字・英数字・スペースと記号（・ー.&'-）が使えます`,
  length: `${EMBROIDERY_TEXT_LABEL}は${EMBROIDERY_TEXT_MAX}文字以内にしてください`,
} as const;

/** Characters as a person counts them (surrogate pairs once). */
export const characterCount = (v: string): number => [...v].length;
