/**
 * The one logger of every process: pino, JSON lines on stdout (LOG_LEVEL, default info; `silent`
 * for none). Base fields: `service` (api | storefront | shop for npm start, else the script's name),
 * pid, hostname; `component` on the child loggers of logFor() ([api], [mail], [shop]… before);
 * `req_id` on every line logged while a request is handled (request-context.ts). The human text
 * stays in `msg`, so tools that look for "Shop ready at" in the output still find it.
 * On a terminal outside production the lines are printed readably (`[component] msg`) instead.
 * Headers, cookies, passwords and card data are redacted wherever a line carries them.
 */
import { hostname } from 'node:os';
import { basename } from 'node:path';
import { type DestinationStream, type Logger, pino } from 'pino';
import { currentRequestId } from './request-context.ts';

const LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'];

/** LOG_LEVEL, checked: a typo stops the start rather than silencing the log. */
function levelFromEnv(): string {
  const level = (process.env.LOG_LEVEL || 'info').trim().toLowerCase();
  if (!LEVELS.includes(level)) throw new Error(`LOG_LEVEL must be one of ${LEVELS.join(', ')}, got "${process.env.LOG_LEVEL}"`);
  return level;
}

/** The process's role by its entry script; start.ts says `storefront` itself when the API is external. */
function serviceFromArgv(): string {
  const script = basename(process.argv[1] ?? 'node').replace(/\.[cm]?[jt]s$/, '');
  return script === 'server' ? 'api' : script === 'start' ? 'shop' : script;
}
let service = serviceFromArgv();

/** Sets the `service` field of every later line (scripts/host/start.ts with an external API: storefront). */
export function setLogService(name: string): void {
  service = name;
}

const QUIET = new Set(['level', 'time', 'pid', 'hostname', 'service', 'component', 'msg']);

/** A JSON line as a person reads it: `[component] WARN msg key=value`, then an error's stack. */
export function readableLine(json: string): string {
  try {
    const o = JSON.parse(json) as Record<string, unknown> & { err?: { stack?: string } };
    const extra = Object.entries(o)
      .filter(([k]) => !QUIET.has(k) && k !== 'err')
      .map(([k, v]) => `${k}=${typeof v === 'string' ? v : JSON.stringify(v)}`);
    const head = `[${String(o.component ?? o.service)}] ${o.level === 'info' ? '' : `${String(o.level).toUpperCase()} `}${String(o.msg ?? '')}${extra.length ? ` ${extra.join(' ')}` : ''}`;
    return `${head}${o.err?.stack ? `\n${o.err.stack}` : ''}\n`;
  } catch {
    return json;
  }
}

const readable = process.stdout.isTTY === true && process.env.NODE_ENV !== 'production';
let destination: { write(line: string): unknown } | null = null;
/** Where lines go: stdout (readable on a terminal), or a test's stream (setLogDestination). */
const sink: DestinationStream = {
  write(line: string) {
    if (destination) destination.write(line);
    else process.stdout.write(readable ? readableLine(line) : line);
  },
};

/** Tests: send every line to `stream` (null: back to stdout). */
export function setLogDestination(stream: { write(line: string): unknown } | null): void {
  destination = stream;
}

const SECRET_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'req.headers["set-cookie"]',
  'req.body',
  'headers.authorization',
  'headers.cookie',
  'headers["set-cookie"]',
  'body',
  'password',
  '*.password',
  'token',
  '*.token',
  'card',
  '*.card',
  'card_number',
  '*.card_number',
  'cvc',
  '*.cvc',
];

export const logger: Logger = pino(
  {
    level: levelFromEnv(),
    base: { pid: process.pid, hostname: hostname() },
    mixin() {
      const reqId = currentRequestId();
      return reqId ? { service, req_id: reqId } : { service };
    },
    timestamp: pino.stdTimeFunctions.isoTime,
    formatters: { level: (label) => ({ level: label }) },
    serializers: { err: pino.stdSerializers.err },
    redact: { paths: SECRET_PATHS, censor: '[redacted]' },
  },
  sink,
);

/** A child logger for one part of a process: `component` on each of its lines. */
export const logFor = (component: string): Logger => logger.child({ component });

/**
 * A `(line) => void` for code that takes a printing callback: each line at `level`, a leading
 * `[name] ` becoming the component (`[maintenance] …` → component maintenance).
 */
export function lineLogger(component: string, level: 'info' | 'warn' | 'error' = 'info'): (line: string) => void {
  const base = logFor(component);
  const children = new Map<string, Logger>();
  return (line) => {
    const m = /^\[([a-z][\w-]*)\] (.*)$/s.exec(line);
    if (!m || m[1] === component) {
      base[level](m ? m[2] : line);
      return;
    }
    let child = children.get(m[1]);
    if (!child) children.set(m[1], (child = logFor(m[1])));
    child[level](m[2]);
  };
}
