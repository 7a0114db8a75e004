/** The contract's own check of a registration body (zod, test side only). */
import { registerRequestSchema } from '#contracts/account.ts';

/** The issue paths of the contract's check ([] = accepted). */
export function registerSchemaCheck(body: unknown): string[] {
  const result = registerRequestSchema.safeParse(body);
  return result.success ? [] : result.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
}
