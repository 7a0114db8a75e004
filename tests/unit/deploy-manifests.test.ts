/**
 * The deployment files against what the processes read (issue 23 item 2): deploy/compose.yaml,
 * deploy/k8s/ and deploy/Dockerfile. These machines cannot run containers, so the files are parsed:
 * each shop container runs an entry point of the repository, declares and probes the port its
 * environment makes it listen on (/healthz alive, /readyz ready), has every production variable set,
 * takes secrets only from a secret store with no default, sets no variable nobody reads, and compose
 * and Kubernetes agree. Each check is also run on a broken copy, to show it can fail.
 */
import { accessSync, constants, existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { portOf, type Role, roleOf } from '../../deploy/image/healthcheck.ts';
import {
  type Container,
  composeContainers,
  composeServices,
  containerProblems,
  k8sContainers,
  k8sObjects,
  namesTheProcessesRead,
  root,
  SECRETS,
  secretProblems,
  URLS_WITH_PASSWORD,
} from './deploy-manifests-support.ts';

const read = (path: string) => readFileSync(join(root, path), 'utf8');
const reads = namesTheProcessesRead();
const problemsOf = (containers: Container[]) => containers.flatMap((c) => containerProblems(c, reads));
const byRole = (containers: Container[], role: Role) => containers.filter((c) => c.role === role);
const clone = <T>(value: T): T => structuredClone(value);

describe('compose.yaml', () => {
  const services = composeServices();
  const containers = composeContainers(services);

  it('runs nginx, 2 API, 2 storefront, the migration job, PostgreSQL, Redis and an object store', () => {
    expect(Object.keys(services).sort()).toEqual([
      'api-1',
      'api-2',
      'migrate',
      'nginx',
      'objects',
      'objects-bucket',
      'postgres',
      'redis',
      'web-1',
      'web-2',
    ]);
    expect(byRole(containers, 'api').map((c) => c.where)).toEqual(['compose api-1', 'compose api-2']);
    expect(byRole(containers, 'storefront').map((c) => c.where)).toEqual(['compose web-1', 'compose web-2']);
    expect(byRole(containers, 'migrate').map((c) => c.where)).toEqual(['compose migrate']);
    expect(services.postgres.image).toMatch(/^postgres:16/);
    expect(services.redis.image).toMatch(/^redis:7/);
  });

  it('gives every shop service an entry point, its port, its readiness probe and its production settings', () => {
    expect(problemsOf(containers)).toEqual([]);
  });

  it('starts in release order: migrations done before the API, the API ready before the storefront, all ready before nginx', () => {
    const dependsOn = (name: string) => services[name].depends_on as Record<string, { condition: string }>;
    expect(dependsOn('migrate').postgres.condition).toBe('service_healthy');
    for (const api of ['api-1', 'api-2']) expect(dependsOn(api).migrate.condition).toBe('service_completed_successfully');
    for (const web of ['web-1', 'web-2']) expect(dependsOn(web)['api-1'].condition).toBe('service_healthy');
    for (const name of ['api-1', 'api-2', 'web-1', 'web-2']) expect(dependsOn('nginx')[name].condition).toBe('service_healthy');
    expect(services.migrate.restart).toBe('no');
  });

  it("publishes only nginx's port; metrics stay on the internal network", () => {
    const published = Object.entries(services)
      .filter(([, s]) => s.ports)
      .map(([name]) => name);
    expect(published).toEqual(['nginx']);
    // nginx has a fixed address, and it is the only one the processes trust with forwarded headers.
    const nginxAddress = (services.nginx.networks as { shop: { ipv4_address: string } }).shop.ipv4_address;
    for (const c of containers.filter((x) => x.role !== 'migrate'))
      expect(c.env.get('TRUSTED_PROXIES')).toEqual({ kind: 'literal', value: nginxAddress });
  });

  it('takes every secret of every service (PostgreSQL and MinIO too) from ${VAR:?why}, never with a default', () => {
    const problems = Object.entries(services).flatMap(([name, s]) =>
      Object.entries((s.environment ?? {}) as Record<string, string>)
        .filter(([key]) => SECRETS.has(key) || URLS_WITH_PASSWORD.has(key) || /PASSWORD|SECRET|TOKEN/.test(key))
        .flatMap(([key, value]) =>
          secretProblems(
            `compose ${name}`,
            key,
            String(value).includes('${') ? { kind: 'interpolated', value: String(value) } : { kind: 'literal', value: String(value) },
          ),
        ),
    );
    expect(problems).toEqual([]);
    // Nowhere in the file does a secret's variable get a default.
    const defaulted = [...read('deploy/compose.yaml').matchAll(/\$\{([A-Z0-9_]+):?-/g)].map((m) => m[1]);
    expect(defaulted.filter((name) => SECRETS.has(name) || /PASSWORD|SECRET|TOKEN|URL/.test(name))).toEqual([]);
  });

  it('lists every variable it needs in compose.env.example, with no value, and keeps deploy/.env out of git', () => {
    const text = read('deploy/compose.yaml')
      .split('\n')
      .filter((l) => !l.trim().startsWith('#'))
      .join('\n');
    const needed = new Set([...text.matchAll(/\$\{([A-Z0-9_]+)/g)].map((m) => m[1]));
    const example = new Map(
      read('deploy/compose.env.example')
        .split('\n')
        .filter((l) => /^[A-Z]/.test(l))
        .map((l) => [l.split('=')[0], l.slice(l.indexOf('=') + 1)]),
    );
    expect([...needed].filter((name) => !example.has(name))).toEqual([]);
    expect([...example].filter(([name, value]) => value && name !== 'CHANNEL')).toEqual([]);
    expect(read('.gitignore').split('\n')).toContain('deploy/.env');
  });

  describe('fails on a broken copy', () => {
    const broken = (change: (s: Record<string, Record<string, unknown>>) => void) => {
      const copy = clone(services);
      change(copy);
      return problemsOf(composeContainers(copy));
    };
    const env = (s: Record<string, unknown>) => s.environment as Record<string, string>;

    it('a readiness probe on the wrong path', () => {
      expect(
        broken((s) => {
          (s['api-1'].healthcheck as { test: string[] }).test[3] = '/ready';
        }),
      ).toContain('compose api-1: readiness probe asks /ready, not /readyz');
    });
    it('a port the process does not listen on', () => {
      expect(
        broken((s) => {
          env(s['web-2']).PORT = '4322';
        }),
      ).toContain('compose web-2: listens on 4322 (its environment) but declares 4321, 9464');
    });
    it('a required variable left out', () => {
      expect(
        broken((s) => {
          delete env(s['api-2']).SHOP_INTERNAL_SECRET;
        }).join('\n'),
      ).toMatch(/compose api-2: NODE_ENV=production refuses SHOP_INTERNAL_SECRET: unset/);
      expect(
        broken((s) => {
          delete env(s['web-1']).API_BASE_URL;
        }),
      ).toContain('compose web-1: API_BASE_URL is not set');
    });
    it('a secret with a default value, or written in the file', () => {
      expect(
        broken((s) => {
          env(s['web-1']).REBUILD_SECRET = '${REBUILD_SECRET:-changeme-changeme-1234}';
        }).join('\n'),
      ).toMatch(/REBUILD_SECRET uses \$\{REBUILD_SECRET:-/);
      expect(
        broken((s) => {
          env(s['api-1']).DATABASE_URL = 'postgres://shop:hunter2hunter2hunter2@postgres:5432/shop';
        }),
      ).toContain('compose api-1: DATABASE_URL is written in the manifest');
    });
    it('a misspelt variable, and a command that runs no entry point', () => {
      expect(
        broken((s) => {
          env(s['api-1']).DATABSE_POOL_MAX = '20';
        }),
      ).toContain('compose api-1: sets DATABSE_POOL_MAX, which no process reads');
      expect(
        broken((s) => {
          s['api-2'].command = ['node', 'api/src/serve.ts'];
        }).join('\n'),
      ).toMatch(/compose api-2: its command .* runs none of/);
    });
  });
});

describe('Kubernetes manifests (deploy/k8s, kustomize)', () => {
  const objects = k8sObjects();
  const containers = k8sContainers(objects);
  const named = (kind: string, name: string) =>
    objects.find((o) => o.kind === kind && o.metadata.name === name) as Record<string, any> | undefined;
  const kustomization = parse(read('deploy/k8s/kustomization.yaml')) as {
    secretGenerator: Array<{ name: string; envs: string[] }>;
    images: Array<{ name: string; newTag: string }>;
  };

  it('has the Deployments, Services, Ingress, migration Job, autoscalers and disruption budgets', () => {
    for (const name of ['api', 'storefront']) {
      expect(named('Deployment', name)?.spec.replicas).toBe(2);
      expect(named('Service', name)).toBeTruthy();
      expect(named('HorizontalPodAutoscaler', name)?.spec.scaleTargetRef).toMatchObject({ kind: 'Deployment', name });
      const selector = named('Deployment', name)!.spec.selector.matchLabels;
      expect(named('PodDisruptionBudget', name)?.spec.selector.matchLabels).toEqual(selector);
      expect(named('Service', name)!.spec.selector).toEqual(selector);
    }
    expect(objects.filter((o) => o.kind === 'Job')).toHaveLength(1);
    expect(named('Ingress', 'shop')).toBeTruthy();
  });

  it('gives every container an entry point, its port, /healthz and /readyz probes and its production settings', () => {
    expect(containers.map((c) => c.role).sort()).toEqual(['api', 'migrate', 'storefront']);
    expect(problemsOf(containers)).toEqual([]);
  });

  it("routes the Shop API's paths to the api Service and everything else to the storefront", () => {
    const paths = named('Ingress', 'shop')!.spec.rules[0].http.paths as Array<{
      path: string;
      pathType: string;
      backend: { service: { name: string; port: { name: string } } };
    }>;
    expect(paths.map((p) => [p.path, p.pathType, p.backend.service.name])).toEqual([
      ['/v1', 'Prefix', 'api'],
      ['/admin/v1', 'Prefix', 'api'],
      ['/public.json', 'Exact', 'api'],
      ['/', 'Prefix', 'storefront'],
    ]);
    for (const p of paths)
      expect(named('Service', p.backend.service.name)!.spec.ports.map((x: { name: string }) => x.name)).toContain(
        p.backend.service.port.name,
      );
  });

  it('runs unprivileged on a read-only root filesystem, drains before it is killed, and is scraped on METRICS_PORT', () => {
    for (const name of ['api', 'storefront']) {
      const pod = named('Deployment', name)!.spec.template;
      expect(pod.spec.securityContext).toMatchObject({ runAsNonRoot: true, runAsUser: 1000 });
      for (const c of [...pod.spec.containers, ...(pod.spec.initContainers ?? [])]) {
        expect(c.securityContext).toMatchObject({ readOnlyRootFilesystem: true, allowPrivilegeEscalation: false });
        expect(
          c.volumeMounts.map((m: { mountPath: string }) => m.mountPath).some((p: string) => p === '/tmp' || p.startsWith('/writable')),
        ).toBe(true);
        if (c.name === name) expect(c.resources.limits.memory).toBeTruthy();
      }
      // Drain (SHUTDOWN_DRAIN_MS, 5 s) plus the longest request (statement timeout, 5 s), with room.
      expect(pod.spec.terminationGracePeriodSeconds).toBeGreaterThan(10);
      expect(pod.metadata.annotations['prometheus.io/port']).toBe(named('ConfigMap', 'shop-common')!.data.METRICS_PORT);
    }
  });

  it('keeps secrets in a Secret made from a git-ignored file whose example has every key and no value', () => {
    const maps = objects.filter((o) => o.kind === 'ConfigMap') as unknown as Array<{
      metadata: { name: string };
      data: Record<string, string>;
    }>;
    expect(
      maps.flatMap((m) =>
        Object.keys(m.data)
          .filter((k) => SECRETS.has(k) || URLS_WITH_PASSWORD.has(k))
          .map((k) => `${m.metadata.name}.${k}`),
      ),
    ).toEqual([]);
    expect(objects.filter((o) => o.kind === 'Secret')).toEqual([]);
    const [generator] = kustomization.secretGenerator;
    expect(generator).toEqual({ name: 'shop-secrets', envs: ['secrets.env'] });
    expect(read('.gitignore').split('\n')).toContain('deploy/k8s/secrets.env');
    const example = read('deploy/k8s/secrets.env.example')
      .split('\n')
      .filter((l) => /^[A-Z]/.test(l));
    expect(example.filter((l) => !l.endsWith('='))).toEqual([]);
    const keys = new Set(containers.flatMap((c) => [...c.env.values()].flatMap((s) => (s.kind === 'secret' ? [s.key] : []))));
    expect([...keys].sort()).toEqual(example.map((l) => l.slice(0, -1)).sort());
  });

  it('validates every object against the Kubernetes API schema (kubernetes-models)', async () => {
    const models: Record<string, string> = {
      Namespace: 'kubernetes-models/v1/Namespace',
      ConfigMap: 'kubernetes-models/v1/ConfigMap',
      Service: 'kubernetes-models/v1/Service',
      Deployment: 'kubernetes-models/apps/v1/Deployment',
      Job: 'kubernetes-models/batch/v1/Job',
      HorizontalPodAutoscaler: 'kubernetes-models/autoscaling/v2/HorizontalPodAutoscaler',
      PodDisruptionBudget: 'kubernetes-models/policy/v1/PodDisruptionBudget',
      Ingress: 'kubernetes-models/networking.k8s.io/v1/Ingress',
      NetworkPolicy: 'kubernetes-models/networking.k8s.io/v1/NetworkPolicy',
    };
    const validate = async (o: { kind: string; metadata: { name: string } }) => {
      const model = models[o.kind];
      if (!model) return `${o.kind} ${o.metadata.name}: no schema known to this test`;
      const Model = (await import(model))[o.kind] as new (data: unknown) => { validate(): void };
      try {
        new Model(o).validate();
        return null;
      } catch (e) {
        return `${o.kind} ${o.metadata.name}: ${(e as Error).message}`;
      }
    };
    expect((await Promise.all(objects.map(validate))).filter(Boolean)).toEqual([]);
    // And it can fail: a port by a name the schema does not allow there.
    const broken = clone(named('Deployment', 'api')!);
    broken.spec.template.spec.containers[0].ports[0].containerPort = 'http';
    expect(await validate(broken as never)).toMatch(/containerPort must be integer/);
  });

  it('lets only the ingress controller reach the HTTP ports and only Prometheus the metrics port', () => {
    for (const name of ['api', 'storefront']) {
      const policy = named('NetworkPolicy', name)!;
      const pod = named('Deployment', name)!.spec.template;
      expect(policy.spec.podSelector.matchLabels).toEqual(pod.metadata.labels);
      const rules = policy.spec.ingress as Array<{ from: Array<Record<string, any>>; ports: Array<{ port: number }> }>;
      const metrics = Number(pod.metadata.annotations['prometheus.io/port']);
      const metricsRules = rules.filter((r) => r.ports.some((p) => p.port === metrics));
      expect(metricsRules.flatMap((r) => r.from)).toEqual([
        { namespaceSelector: { matchLabels: { 'kubernetes.io/metadata.name': 'monitoring' } } },
      ]);
      const http = pod.spec.containers[0].ports.find((p: { name: string }) => p.name === 'http').containerPort;
      expect(rules.filter((r) => r.ports.some((p) => p.port === http)).flatMap((r) => r.from)).toContainEqual({
        namespaceSelector: { matchLabels: { 'kubernetes.io/metadata.name': 'ingress-nginx' } },
      });
    }
  });

  it('lists every manifest of deploy/k8s in the kustomization', () => {
    const files = readdirSync(join(root, 'deploy/k8s'))
      .filter((f) => f.endsWith('.yaml') && f !== 'kustomization.yaml')
      .sort();
    expect([...(parse(read('deploy/k8s/kustomization.yaml')) as { resources: string[] }).resources].sort()).toEqual(files);
  });

  it('names the migration Job after the release (the image tag), so each release runs its own', () => {
    const job = objects.find((o) => o.kind === 'Job')!;
    const tag = kustomization.images.find((i) => i.name === 'shop-app')!.newTag;
    expect(job.metadata.name).toBe(`migrate-v${tag.replace(/\./g, '-')}`);
  });

  describe('fails on a broken copy', () => {
    const deployment = (copy: typeof objects, name: string) =>
      (copy.find((o) => o.kind === 'Deployment' && o.metadata.name === name) as Record<string, any>).spec.template.spec.containers[0];
    const broken = (change: (copy: typeof objects) => void) => {
      const copy = clone(objects);
      change(copy);
      return problemsOf(k8sContainers(copy));
    };
    it('a liveness probe on /readyz or on another port', () => {
      expect(
        broken((c) => {
          deployment(c, 'api').livenessProbe.httpGet.path = '/readyz';
        }),
      ).toContain('k8s Deployment api/api: liveness probe asks /readyz, not /healthz');
      expect(
        broken((c) => {
          deployment(c, 'storefront').readinessProbe.httpGet.port = 9464;
        }),
      ).toContain('k8s Deployment storefront/storefront: readiness probe asks port 9464, the process listens on 4321');
    });
    it('a secret moved into a ConfigMap, or a Secret reference dropped', () => {
      expect(
        broken((c) => {
          (c.find((o) => o.metadata.name === 'shop-api') as Record<string, any>).data.PAYMENT_PROVIDER_SECRET = 'abcdefghijklmnopqrstuvwx';
          const api = deployment(c, 'api');
          api.env = api.env.filter((e: { name: string }) => e.name !== 'PAYMENT_PROVIDER_SECRET');
        }),
      ).toContain('k8s Deployment api/api: PAYMENT_PROVIDER_SECRET comes from ConfigMap shop-api, not a Secret');
      expect(
        broken((c) => {
          const s = deployment(c, 'storefront');
          s.env = s.env.filter((e: { name: string }) => e.name !== 'REBUILD_SECRET');
        }).join('\n'),
      ).toMatch(/storefront: NODE_ENV=production refuses REBUILD_SECRET: unset/);
    });
  });
});

describe('compose and Kubernetes agree', () => {
  const compose = composeContainers();
  const k8s = k8sContainers();
  const names = (c: Container) => [...c.env.keys()].sort();
  it.each(['api', 'storefront', 'migrate'] as const)('%s: the same command, ports and variable names', (role) => {
    const [a] = byRole(compose, role);
    const [b] = byRole(k8s, role);
    // The compose stack seeds an empty database (a trial); a production cluster's Job does not.
    expect(a.command.filter((x) => x !== '--seed')).toEqual(b.command);
    expect(a.ports).toEqual(b.ports);
    expect(names(a)).toEqual(names(b));
    expect(portOf(role, Object.fromEntries([...a.env].map(([k, v]) => [k, 'value' in v ? v.value : ''])))).toBe(b.ports[0] ?? null);
  });
});

describe('Dockerfile and its build steps', () => {
  const dockerfile = read('deploy/Dockerfile');
  const lines = dockerfile
    .replace(/\\\n\s*/g, ' ')
    .split('\n')
    .filter((l) => l && !l.startsWith('#'));
  const stages = new Map<string, string[]>();
  let current = '';
  for (const line of lines) {
    const from = /^FROM (\S+) AS (\S+)/.exec(line);
    if (from) stages.set((current = from[2]), [line]);
    else if (current) stages.get(current)!.push(line);
  }

  it('builds on Node 24 slim in stages: build, app, edge', () => {
    expect([...stages.keys()]).toEqual(['build', 'app', 'edge']);
    expect(dockerfile).toMatch(/ARG NODE_IMAGE=node:24-bookworm-slim/);
    expect(stages.get('app')![0]).toBe('FROM ${NODE_IMAGE} AS app');
  });

  it('runs every step as a script of deploy/image/ that CI runs too', () => {
    const runs = lines.filter((l) => l.startsWith('RUN '));
    expect(runs.length).toBeGreaterThan(0);
    const ci = read('deploy/image/ci-build-steps.sh');
    for (const run of runs) {
      const script = /^RUN (deploy\/image\/[\w-]+\.sh)( |$)/.exec(run)?.[1];
      expect(script, run).toBeTruthy();
      accessSync(join(root, script!), constants.X_OK);
      expect(ci, `${script} in ci-build-steps.sh`).toContain(script!.slice('deploy/image/'.length));
    }
    expect(read('.ci/run')).toContain('deploy/image/ci-build-steps.sh');
  });

  it("has each stage's scripts inside that stage (build: the whole context; app: what stage-app.sh copies; edge: its COPY)", () => {
    const staged = /^runtime=\((.*)\)$/m.exec(read('deploy/image/stage-app.sh'))![1].split(' ');
    for (const [stage, body] of stages) {
      for (const run of body.filter((l) => l.startsWith('RUN '))) {
        const script = run.split(' ')[1];
        if (stage === 'build') expect(body).toContain('COPY . .');
        else if (stage === 'app') expect(staged, `${script} copied by stage-app.sh`).toContain(script);
        else expect(body, `${script} copied into ${stage}`).toContain(`COPY ${script} ${script}`);
      }
    }
    // The HEALTHCHECK's script is in /app too.
    expect(staged).toContain('deploy/image/healthcheck.ts');
  });

  it('final app stage: production layout only, unprivileged, the ports, a /healthz HEALTHCHECK and the storefront by default', () => {
    const app = stages.get('app')!;
    expect(app.filter((l) => l.startsWith('COPY'))).toEqual(['COPY --from=build /out/app /app']);
    expect(app).toContain('USER node');
    expect(
      app
        .find((l) => l.startsWith('EXPOSE'))!
        .split(' ')
        .slice(1)
        .map(Number)
        .sort(),
    ).toEqual([4321, 8787, 9464]);
    const check = app.find((l) => l.startsWith('HEALTHCHECK'))!;
    expect(check).toContain('CMD ["node", "deploy/image/healthcheck.ts", "/healthz"]');
    expect(existsSync(join(root, 'deploy/image/healthcheck.ts'))).toBe(true);
    const cmd = JSON.parse(app.find((l) => l.startsWith('CMD'))!.slice(4)) as string[];
    expect(roleOf(cmd)).toBe('storefront');
    expect(existsSync(join(root, cmd[1]))).toBe(true);
  });

  it('the healthcheck finds the port as the processes do (server.ts: API_PORT, PORT, 8787; start.ts: PORT, 4321)', () => {
    expect(read('api/src/server.ts')).toContain("process.env.API_PORT ?? process.env.PORT ?? '8787'");
    expect(read('scripts/host/start.ts')).toMatch(/PORT: z\.coerce\.number\(\)\.int\(\)\.min\(0\)\.max\(65535\)\.default\(4321\)/);
    expect(portOf('api', {})).toBe(8787);
    expect(portOf('api', { PORT: '9000' })).toBe(9000);
    expect(portOf('api', { PORT: '9000', API_PORT: '8000' })).toBe(8000);
    expect(portOf('storefront', { API_PORT: '8000' })).toBe(4321);
    expect(roleOf(['node', '/app/api/src/server.ts'])).toBe('api');
    expect(roleOf(['npm', 'run', 'db:migrate'])).toBe('migrate');
    expect(roleOf(['node', 'scripts/cluster.ts'])).toBeNull();
  });

  it('.dockerignore keeps installs, builds, data and secrets out of the build context', () => {
    const ignored = read('.dockerignore').split('\n');
    for (const entry of ['.git', 'node_modules', 'dist', '.data', 'content-sync/.snapshot', '.env', 'deploy/k8s/secrets.env'])
      expect(ignored).toContain(entry);
  });
});
