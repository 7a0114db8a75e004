/**
 * The spec-3 choice constants for the account forms, without zod: contracts/account.ts (which
 * defines them) builds zod schemas at import, and the browser bundle must not carry zod. The types
 * tie each copy to the contract's constant, so a change there fails the type check here.
 */
import type { GENDERS as ContractGenders, NEWSLETTER as ContractNewsletter, SECURITY_QUESTIONS as ContractQuestions } from '#contracts/account.ts';

export const SECURITY_QUESTIONS: typeof ContractQuestions = {
  1: '初めて飼ったペットの名前は？',
  2: '母親の旧姓は？',
  3: '出身小学校の名前は？',
  4: '好きな食べ物は？',
};

export const GENDERS: typeof ContractGenders = { 1: '男性', 2: '女性', 3: 'その他', 4: '回答しない' };

export const NEWSLETTER: typeof ContractNewsletter = { 1: '受け取る', 0: '受け取らない' };
