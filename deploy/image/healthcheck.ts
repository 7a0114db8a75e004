/**
 * The image's HEALTHCHECK (and compose's readiness check): finds which entry point runs in this
 * container (its command line in /proc), derives that process's port the way the process does
 * (API: API_PORT, else PORT, else 8787; storefront: PORT, else 4321) and asks GET <path> on it,
 * exit 0 on 200. One image serves every role, so the check cannot hard-code a port.
 * Usage: node deploy/image/healthcheck.ts [/healthz | /readyz]
 */
import { readdirSync, readFileSync } from 'node:fs';

type Env = Record<string, string | undefined>;

/** The roles the image runs, by the entry point in their command line. */
export const ENTRY_POINTS = {
  api: 'api/src/server.ts',
  storefront: 'scripts/host/start.ts',
  migrate: 'scripts/db-migrate.ts',
} as const;
export type Role = keyof typeof ENTRY_POINTS;

/** The role whose entry point a command line runs, or null. */
export function roleOf(args: readonly string[]): Role | null {
  for (const [role, entry] of Object.entries(ENTRY_POINTS) as Array<[Role, string]>) {
    if (args.some((a) => a === entry || a.endsWith(`/${entry}`))) return role;
  }
  if (args.includes('db:migrate')) return 'migrate';
  return null;
}

/** The port a role's process listens on with this environment (the rules of server.ts and start.ts). */
export function portOf(role: Role, env: Env): number | null {
  const set = (name: string) => (env[name] ? env[name] : undefined);
  if (role === 'api') return Number(set('API_PORT') ?? set('PORT') ?? 8787);
  if (role === 'storefront') return Number(set('PORT') ?? 4321);
  return null;
}

/** The command lines of this container's processes (Linux /proc), own process excluded. */
function commandLines(): string[][] {
  const lines: string[][] = [];
  for (const pid of readdirSync('/proc').filter((n) => /^\d+$/.test(n) && Number(n) !== process.pid)) {
    try {
      lines.push(readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').filter(Boolean));
    } catch {
      /* gone meanwhile */
    }
  }
  return lines;
}

async function main(): Promise<void> {
  const path = process.argv[2] ?? '/healthz';
  const role =
    commandLines()
      .map(roleOf)
      .find((r) => r !== null) ?? null;
  if (role === 'migrate') process.exit(0); // a one-shot job has no server
  if (!role) {
    console.error('healthcheck: no shop process found in this container');
    process.exit(1);
  }
  const port = portOf(role, process.env);
  const answer = await fetch(`http://127.0.0.1:${port}${path}`, { signal: AbortSignal.timeout(3000) }).catch((e: unknown) => e as Error);
  if (answer instanceof Error) {
    console.error(`healthcheck: ${role} on ${port}${path}: ${answer.message}`);
    process.exit(1);
  }
  console.log(`healthcheck: ${role} on ${port}${path}: ${answer.status}`);
  process.exit(answer.status === 200 ? 0 : 1);
}

if (import.meta.main) void main();
