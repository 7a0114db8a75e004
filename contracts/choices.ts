/**
 * The choice constants of spec 3 (security questions, gender, newsletter), without zod: the API's
 * contracts (contracts/account.ts re-exports them) and the browser's forms read the same objects.
 */

/** Security questions (秘密の質問), by code. */
export const SECURITY_QUESTIONS = {
  1: '初めて飼ったペットの名前は？',
  2: '母親の旧姓は？',
  3: '出身小学校の名前は？',
  4: '好きな食べ物は？',
} as const;
export type SecurityQuestionCode = keyof typeof SECURITY_QUESTIONS;

/** Gender: 1 男性, 2 女性, 3 その他, 4 回答しない. */
export const GENDERS = { 1: '男性', 2: '女性', 3: 'その他', 4: '回答しない' } as const;
/** Newsletter: 1 受け取る, 0 受け取らない. */
export const NEWSLETTER = { 1: '受け取る', 0: '受け取らない' } as const;
