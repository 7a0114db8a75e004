/** The Shop API's configuration, read once from the environment and checked at start-up. */
import { z } from 'zod';

const envSchema = z.object({
  /** postgres://… for PostgreSQL; otherwise PGlite in DATA_DIR. */
  DATABASE_URL: z.string().optional(),
  DATA_DIR: z.string().default('.data/pglite'),
  /** Channel served when a request carries no channel id header. */
  DEFAULT_CHANNEL: z.string().default('default'),
  ACCESS_TOKEN_TTL: z.coerce.number().int().positive().default(3600),
  REFRESH_TOKEN_TTL: z.coerce.number().int().positive().default(60 * 60 * 24 * 30),
  CART_TTL_DAYS: z.coerce.number().int().positive().default(30),
});

export type ApiEnv = z.infer<typeof envSchema>;

/** Parses the environment, failing with a message that names each bad variable. */
export function readEnv(source: Record<string, string | undefined> = process.env): ApiEnv {
  const parsed = envSchema.safeParse(source);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`).join('\n');
    throw new Error(`Invalid Shop API configuration:\n${lines}`);
  }
  return parsed.data;
}

/** The database URL the API opens: DATABASE_URL, else the PGlite folder. */
export function databaseUrl(env: ApiEnv): string {
  return env.DATABASE_URL || env.DATA_DIR;
}
