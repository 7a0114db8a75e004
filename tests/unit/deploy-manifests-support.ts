/**
 * Reads deploy/compose.yaml and deploy/k8s/ into one shape per shop container (role, command, port,
 * probes, environment with where each value comes from) and lists what is wrong with each against
 * what the processes read. tests/unit/deploy-manifests.test.ts runs the checks on the real files and
 * on broken copies, so a check that can never fail is noticed.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parse, parseAllDocuments } from 'yaml';
import { readEnv } from '../../api/src/env.ts';
import { API_SETTINGS, productionProblems, STOREFRONT_SETTINGS } from '../../api/src/lib/production-secrets.ts';
import { ENTRY_POINTS, portOf, type Role, roleOf } from '../../deploy/image/healthcheck.ts';

export const root = resolve(import.meta.dirname, '../..');
const read = (path: string) => readFileSync(join(root, path), 'utf8');

/** Where a variable's value comes from. */
export type Source =
  | { kind: 'literal'; value: string }
  | { kind: 'interpolated'; value: string } // compose ${…} inside
  | { kind: 'secret'; key: string } // k8s secretKeyRef
  | { kind: 'configmap'; map: string; value: string };

export interface Probe {
  path: string;
  port: number | string;
}
export interface Container {
  where: string;
  role: Role | null;
  command: string[];
  ports: number[];
  env: Map<string, Source>;
  liveness?: Probe;
  readiness?: Probe;
  startup?: Probe;
}

/** Variables whose value is a secret: only from ${VAR:?…} (compose) or a Secret (k8s), never with a default. */
export const SECRETS = new Set([
  'PAYMENT_PROVIDER_SECRET',
  'SHOP_INTERNAL_SECRET',
  'REBUILD_SECRET',
  'S3_ACCESS_KEY_ID',
  'S3_SECRET_ACCESS_KEY',
  'EDITOR_PASSWORD',
  'METRICS_TOKEN',
  'POSTGRES_PASSWORD',
  'MINIO_ROOT_PASSWORD',
  'MINIO_ROOT_USER',
]);
/** Connection URLs that carry a password: the password part must be a secret too. */
export const URLS_WITH_PASSWORD = new Set(['DATABASE_URL', 'REDIS_URL', 'SMTP_URL']);

/** Settings every role must have set in a production deployment, beyond production-secrets.ts's. */
export const REQUIRED: Record<Role, string[]> = {
  api: [
    'NODE_ENV',
    'API_PORT',
    'DATABASE_URL',
    'REDIS_URL',
    'SITE_URL',
    'TRUSTED_PROXIES',
    'METRICS_PORT',
    'METRICS_HOST',
    'S3_ENDPOINT',
    'S3_BUCKET',
    'S3_ACCESS_KEY_ID',
    'S3_SECRET_ACCESS_KEY',
    'PAYMENT_PROVIDER_URL',
    'SMTP_URL',
  ],
  storefront: [
    'NODE_ENV',
    'PORT',
    'API_BASE_URL',
    'CHANNEL',
    'SITE_URL',
    'REDIS_URL',
    'TRUSTED_PROXIES',
    'METRICS_PORT',
    'METRICS_HOST',
    'SHOP_SHARED_BUILDS',
    'S3_ENDPOINT',
    'S3_BUCKET',
    'S3_ACCESS_KEY_ID',
    'S3_SECRET_ACCESS_KEY',
  ],
  migrate: ['NODE_ENV', 'DATABASE_URL'],
};

/** A stand-in for an operator's secret: random, 32 characters, never written anywhere. */
const fakes = new Map<string, string>();
export function fake(name: string): string {
  if (!fakes.has(name)) fakes.set(name, `${name.toLowerCase().replace(/_/g, '')}${crypto.randomUUID().replace(/-/g, '')}`.slice(0, 40));
  return fakes.get(name)!;
}

/** A stand-in value of the right shape for a variable an operator fills in. */
export function standIn(name: string): string {
  if (name === 'DATABASE_URL') return `postgres://shop:${fake(name)}@postgres:5432/shop`;
  if (name === 'REDIS_URL') return `redis://:${fake(name)}@redis:6379`;
  if (name === 'SMTP_URL') return `smtp://shop:${fake(name)}@mail.example.jp:587`;
  if (name === 'SITE_URL') return 'https://shop.example.jp';
  if (name === 'PAYMENT_PROVIDER') return 'test';
  if (name === 'PAYMENT_PROVIDER_URL') return 'https://payments.example.jp';
  return fake(name);
}

/** The value a process would see: compose ${X:?…} and k8s secrets replaced by stand-ins, ${X:-d} by d. */
export function resolveValue(source: Source): string {
  if (source.kind === 'secret') return standIn(source.key);
  if (source.kind === 'interpolated') {
    return source.value.replace(/\$\{([A-Z0-9_]+)(:?[?-])?([^}]*)\}/g, (_m, name: string, op: string | undefined, rest: string) =>
      op?.endsWith('-') ? rest : standIn(name),
    );
  }
  return source.value;
}

export function resolvedEnv(container: Container): Record<string, string> {
  return Object.fromEntries([...container.env].map(([name, source]) => [name, resolveValue(source)]));
}

function sourceOf(value: unknown): Source {
  const text = String(value);
  return text.includes('${') ? { kind: 'interpolated', value: text } : { kind: 'literal', value: text };
}

/** compose.yaml's services (anchors and merge keys resolved). */
export function composeServices(text = read('deploy/compose.yaml')): Record<string, Record<string, unknown>> {
  return (parse(text, { merge: true }) as { services: Record<string, Record<string, unknown>> }).services;
}

/** compose.yaml's shop services as containers (the others: postgres, redis, the object store, nginx). */
export function composeContainers(services = composeServices()): Container[] {
  const out: Container[] = [];
  for (const [name, service] of Object.entries(services)) {
    const command = (service.command as string[] | undefined) ?? [];
    const role = roleOf(command);
    if (!role && !String(service.image ?? '').startsWith('${SHOP_APP_IMAGE')) continue;
    const env = new Map(Object.entries((service.environment ?? {}) as Record<string, unknown>).map(([k, v]) => [k, sourceOf(v)]));
    const test = (service.healthcheck as { test?: string[] } | undefined)?.test ?? [];
    const port = role ? portOf(role, Object.fromEntries([...env].map(([k, s]) => [k, resolveValue(s)]))) : null;
    const readinessPath = test[0] === 'CMD' && test[1] === 'node' && test[2] === 'deploy/image/healthcheck.ts' ? test[3] : undefined;
    out.push({
      where: `compose ${name}`,
      role,
      command,
      ports: ((service.expose ?? []) as string[]).map(Number),
      env,
      readiness: readinessPath && port ? { path: readinessPath, port } : undefined,
    });
  }
  return out;
}

interface K8sObject {
  kind: string;
  metadata: { name: string };
  [key: string]: unknown;
}

/** Every object of the kustomization's resources. */
export function k8sObjects(dir = 'deploy/k8s'): K8sObject[] {
  const kustomization = parse(read(`${dir}/kustomization.yaml`)) as { resources: string[] };
  return kustomization.resources.flatMap((file) =>
    parseAllDocuments(read(`${dir}/${file}`))
      .map((d) => d.toJS() as K8sObject)
      .filter(Boolean),
  );
}

interface K8sContainer {
  name: string;
  command?: string[];
  args?: string[];
  ports?: Array<{ name?: string; containerPort: number }>;
  envFrom?: Array<{ configMapRef?: { name: string }; secretRef?: { name: string } }>;
  env?: Array<{
    name: string;
    value?: string;
    valueFrom?: { secretKeyRef?: { key: string }; configMapKeyRef?: { name: string; key: string } };
  }>;
  livenessProbe?: { httpGet?: Probe };
  readinessProbe?: { httpGet?: Probe };
  startupProbe?: { httpGet?: Probe };
}

/** The containers of every Deployment and Job, with envFrom ConfigMaps expanded. */
export function k8sContainers(objects = k8sObjects()): Container[] {
  const maps = new Map(
    objects.filter((o) => o.kind === 'ConfigMap').map((o) => [o.metadata.name, (o.data ?? {}) as Record<string, string>]),
  );
  const out: Container[] = [];
  for (const o of objects.filter((x) => x.kind === 'Deployment' || x.kind === 'Job')) {
    const pod = (o.spec as { template: { spec: { containers: K8sContainer[] } } }).template.spec;
    for (const c of pod.containers) {
      const env = new Map<string, Source>();
      for (const from of c.envFrom ?? []) {
        if (from.secretRef) env.set(`<every key of Secret ${from.secretRef.name}>`, { kind: 'secret', key: from.secretRef.name });
        for (const [k, v] of Object.entries(maps.get(from.configMapRef?.name ?? '') ?? {}))
          env.set(k, { kind: 'configmap', map: from.configMapRef!.name, value: String(v) });
      }
      for (const e of c.env ?? []) {
        const ref = e.valueFrom?.secretKeyRef;
        const mapRef = e.valueFrom?.configMapKeyRef;
        env.set(
          e.name,
          ref
            ? { kind: 'secret', key: ref.key }
            : mapRef
              ? { kind: 'configmap', map: mapRef.name, value: maps.get(mapRef.name)?.[mapRef.key] ?? '' }
              : { kind: 'literal', value: String(e.value ?? '') },
        );
      }
      const named = (port: number | string) =>
        typeof port === 'number' ? port : (c.ports?.find((p) => p.name === port)?.containerPort ?? port);
      const probe = (p?: { httpGet?: Probe }) => (p?.httpGet ? { path: p.httpGet.path, port: named(p.httpGet.port) } : undefined);
      const command = [...(c.command ?? []), ...(c.args ?? [])];
      out.push({
        where: `k8s ${o.kind} ${o.metadata.name}/${c.name}`,
        role: roleOf(command),
        command,
        ports: (c.ports ?? []).map((p) => p.containerPort),
        env,
        liveness: probe(c.livenessProbe),
        readiness: probe(c.readinessProbe),
        startup: probe(c.startupProbe),
      });
    }
  }
  return out;
}

/** Every name any process reads: the sources' text (zod schemas, process.env reads). */
export function namesTheProcessesRead(): (name: string) => boolean {
  const texts: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(join(root, dir), { withFileTypes: true })) {
      const path = `${dir}/${entry.name}`;
      if (entry.isDirectory()) {
        if (!['node_modules', '.snapshot', 'migrations'].includes(entry.name)) walk(path);
      } else if (/\.(ts|tsx|mjs|astro)$/.test(entry.name)) texts.push(readFileSync(join(root, path), 'utf8'));
    }
  };
  for (const dir of ['api/src', 'scripts', 'content-sync', 'src']) walk(dir);
  texts.push(read('astro.config.mjs'));
  const all = texts.join('\n');
  return (name) => new RegExp(`\\b${name}\\b`).test(all);
}

/** What is wrong with one shop container, one line each. */
export function containerProblems(c: Container, reads: (name: string) => boolean): string[] {
  const problems: string[] = [];
  const say = (line: string) => problems.push(`${c.where}: ${line}`);
  if (!c.role) return [`${c.where}: its command ${JSON.stringify(c.command)} runs none of ${Object.values(ENTRY_POINTS).join(', ')}`];
  if (c.command[0] !== 'node') say(`command must start with node, got ${c.command[0]}`);
  const entry = ENTRY_POINTS[c.role];
  if (!existsSync(join(root, entry))) say(`${entry} does not exist`);
  const env = resolvedEnv(c);
  // Port: what the process listens on with this environment, declared and probed.
  const port = portOf(c.role, env);
  if (port !== null) {
    if (!c.ports.includes(port)) say(`listens on ${port} (its environment) but declares ${c.ports.join(', ') || 'no port'}`);
    for (const [kind, probe, path] of [
      ['readiness', c.readiness, '/readyz'],
      ['liveness', c.liveness, '/healthz'],
      ['startup', c.startup, '/healthz'],
    ] as const) {
      if (!probe) {
        if (kind === 'readiness' || c.where.startsWith('k8s')) say(`no ${kind} probe`);
        continue;
      }
      if (probe.path !== path) say(`${kind} probe asks ${probe.path}, not ${path}`);
      if (probe.port !== port) say(`${kind} probe asks port ${probe.port}, the process listens on ${port}`);
    }
  }
  // Every variable this role needs in production, and production-secrets.ts's own check on the values.
  for (const name of REQUIRED[c.role]) if (!env[name]) say(`${name} is not set`);
  if (env.NODE_ENV !== 'production') say(`NODE_ENV is ${env.NODE_ENV ?? 'unset'}, not production`);
  const checked =
    c.role === 'api' ? API_SETTINGS : c.role === 'storefront' ? [...STOREFRONT_SETTINGS, 'S3_SECRET_ACCESS_KEY' as const] : [];
  for (const line of productionProblems(checked, env)) say(`NODE_ENV=production refuses ${line}`);
  if (c.role === 'api') {
    try {
      readEnv(env);
    } catch (e) {
      say((e as Error).message.replace(/\n\s*/g, ' '));
    }
    if (!/^postgres(ql)?:\/\//.test(env.DATABASE_URL ?? '')) say('DATABASE_URL is not a postgres:// URL (PGlite is one process only)');
  }
  if (c.role === 'storefront' && env.SHOP_SHARED_BUILDS !== 's3')
    say(`SHOP_SHARED_BUILDS is ${env.SHOP_SHARED_BUILDS ?? 'unset'}: storefront machines share no disk, s3 is needed`);
  if (c.role === 'migrate' && !/^postgres(ql)?:\/\//.test(env.DATABASE_URL ?? '')) say('DATABASE_URL is not a postgres:// URL');
  // Secrets only from a secret store, never with a default; no name no process reads.
  for (const [name, source] of c.env) {
    if (!reads(name)) say(`sets ${name}, which no process reads`);
    if (SECRETS.has(name) || URLS_WITH_PASSWORD.has(name)) problems.push(...secretProblems(c.where, name, source));
  }
  return problems;
}

/** Why a secret's source is refused: literal, from a ConfigMap, or a compose variable with a default. */
export function secretProblems(where: string, name: string, source: Source): string[] {
  const problems: string[] = [];
  if (source.kind === 'configmap') problems.push(`${where}: ${name} comes from ConfigMap ${source.map}, not a Secret`);
  if (source.kind === 'literal') {
    const password = URLS_WITH_PASSWORD.has(name) ? passwordOf(source.value) : source.value;
    if (password) problems.push(`${where}: ${name} is written in the manifest`);
  }
  if (source.kind === 'interpolated') {
    const vars = [...source.value.matchAll(/\$\{([A-Z0-9_]+)(:?[?-])?[^}]*\}/g)];
    for (const [whole, , op] of vars)
      if (op !== ':?') problems.push(`${where}: ${name} uses ${whole}: a secret needs \${VAR:?why}, no default`);
    if (URLS_WITH_PASSWORD.has(name)) {
      const password = passwordOf(source.value);
      if (password && !/^\$\{[A-Z0-9_]+:\?[^}]*\}$/.test(password)) problems.push(`${where}: ${name} has a written password`);
    } else if (!/^\$\{[A-Z0-9_]+:\?[^}]*\}$/.test(source.value)) problems.push(`${where}: ${name} is not a single \${VAR:?why}`);
  }
  return problems;
}

/** The password part of scheme://user:password@host (the raw text, ${…} kept), or ''. */
function passwordOf(url: string): string {
  return /^[a-z]+:\/\/[^:/@]*:(.*)@[^@]*$/.exec(url)?.[1] ?? '';
}
