/**
 * Writes docs/spec-map.md, the map from each section of the storefront spec to the files that implement
 * it, from the code's own "spec N" citations, the calls of the spec's Calls section (route and API-client
 * files by path) and its screens (src/pages/ files by route). Run: npx node scripts/spec-map.ts [spec.md]
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { isAbsolute, join, posix, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

export const repoRoot = resolve(fileURLToPath(import.meta.url), '../..');
/** The generated map, repo-relative. */
export const mapFile = 'docs/spec-map.md';
/** Files that talk about citations without being citations (this generator, its test, its output). */
const SELF = new Set([mapFile, 'scripts/spec-map.ts', 'tests/unit/spec-map.test.ts']);
const TEXT = /\.(ts|tsx|mts|mjs|js|cjs|astro|md|css|sh|ya?ml)$/;

// ------------------------------------------------------------------------------------------ files

/** Repo-relative paths of the tracked and untracked (not ignored) files that exist on disk. */
export function listFiles(root: string): string[] {
  let listed: string[];
  try {
    listed = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard', '-z'], {
      cwd: root,
      encoding: 'utf8',
      maxBuffer: 64 << 20,
      stdio: ['ignore', 'pipe', 'ignore'],
    }).split('\0');
  } catch {
    // Not a git checkout: every file but dependencies, build output and dot folders.
    const skip = /^(node_modules|dist.*|test-results|playwright-report|\..*)$/;
    listed = readdirSync(root, { recursive: true, encoding: 'utf8' })
      .map((p) => p.split(sep).join('/'))
      .filter((p) => !p.split('/').some((seg) => skip.test(seg)) && statSync(join(root, p)).isFile());
  }
  return [...new Set(listed.filter((p) => p && existsSync(join(root, p))))].sort();
}

/** The spec beside the repository: the argument, $STOREFRONT_SPEC, ../shared/spec/ of the repo or of its main checkout. */
export function findSpec(root: string, arg?: string): string | null {
  const rel = 'shared/spec/storefront-spec.md';
  const candidates = [arg && (isAbsolute(arg) ? arg : resolve(process.cwd(), arg)), process.env.STOREFRONT_SPEC, resolve(root, '..', rel)];
  try {
    // A git worktree: the main checkout's sibling (its common .git directory sits in the main checkout).
    const common = execFileSync('git', ['rev-parse', '--path-format=absolute', '--git-common-dir'], {
      cwd: root,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    }).trim();
    candidates.push(resolve(common, '..', '..', rel));
  } catch {
    /* not a git checkout: the other candidates only */
  }
  for (const c of candidates) if (c && existsSync(c)) return c;
  return null;
}

// ------------------------------------------------------------------------------------------- spec

export interface SpecSub {
  name: string;
  body: string;
  kind: 'heading' | 'group';
}
export interface SpecSection {
  num: string;
  title: string;
  body: string;
  subs: SpecSub[];
}
export interface SpecCall {
  method: string;
  path: string;
  segs: string[];
  group: string;
}

/** `## N. Title` sections with their `### Heading` subsections and, in a section like Calls, `**Group**` lines. */
export function parseSpec(text: string): SpecSection[] {
  const sections: SpecSection[] = [];
  let sec: SpecSection | undefined;
  let sub: SpecSub | undefined;
  for (const line of text.split('\n')) {
    const h2 = /^## (\d+)\.\s+(.+?)\s*$/.exec(line);
    const h3 = /^### (.+?)\s*$/.exec(line);
    const group = /^\*\*([^*]+)\*\*\s*$/.exec(line);
    if (h2) {
      sec = { num: h2[1], title: h2[2], body: '', subs: [] };
      sections.push(sec);
      sub = undefined;
      continue;
    }
    if (!sec) continue;
    if (h3 || group) {
      sub = { name: (h3 ?? group)![1], body: '', kind: h3 ? 'heading' : 'group' };
      sec.subs.push(sub);
      continue;
    }
    sec.body += `${line}\n`;
    if (sub) sub.body += `${line}\n`;
  }
  return sections;
}

/** A path as segments: no /v1 or {prefix}/v1, no query, `{name}` → `{}` (also `url{path}` → `url/{}`). */
export function pathSegs(path: string): string[] {
  const p = path
    .replace(/^\{[^}]*\}(?=\/v1\/)/, '')
    .replace(/^\/v1(?=\/)/, '')
    .split('?')[0]
    .replace(/\$\{[^}]*\}|\{[^}]*\}/g, '{}')
    .replace(/([^/])\{\}/g, '$1/{}');
  return p.split('/').filter(Boolean);
}

/**
 * The calls of the sections that list `METHOD /path` bullets, one per method and path: `; .../x`
 * continues the previous path, `, /x` and `and /x` are siblings of the part's first path.
 */
export function parseCalls(sections: SpecSection[]): SpecCall[] {
  const calls: SpecCall[] = [];
  for (const sec of sections) {
    for (const sub of sec.subs.filter((s) => s.kind === 'group')) {
      for (const line of sub.body.split('\n')) {
        if (!line.startsWith('- ')) continue;
        let text = line.slice(2);
        while (/\([^()]*\)/.test(text)) text = text.replace(/\s*\([^()]*\)/g, '');
        let full = '';
        let methods: string[] = [];
        for (const part of text.split(';')) {
          let first = '';
          for (const piece of part.split(/,|\band\b/)) {
            const m = /^\s*((?:GET|POST|PUT|PATCH|DELETE)(?:\/(?:GET|POST|PUT|PATCH|DELETE))*)?\s*(\S+)/.exec(piece);
            if (!m || !/^(\/|\{|\.\.\.)/.test(m[2])) continue;
            if (m[1]) methods = m[1].split('/');
            let path = m[2];
            if (path.startsWith('...')) path = full + path.slice(3);
            else if (first && !m[1] && !/^(\{[^}]*\})?\/v1\/|^\/[\w-]+\.json$/.test(path)) path = first.replace(/\/[^/]*$/, '') + path;
            else full = path;
            if (!first) first = path;
            for (const method of methods) calls.push({ method, path, segs: pathSegs(path), group: sub.name });
          }
        }
      }
    }
  }
  return calls;
}

// -------------------------------------------------------------------------------------- citations

export interface Citation {
  file: string;
  num: string;
  sub?: string;
}

const CITE = /\bspec(?:ification)?(?:\s+sections?|\s*§)?\s*(\d)(?!\d)((?:\s*(?:,|\/|&|\band\b|\bor\b)\s*(?:spec\s*)?\d(?!\d))*)/gi;

/** Every "spec N" (also "spec 2 and 8", "spec 2/9", "spec sections 7 and 8") with the text that follows it. */
export function citationsIn(text: string): { nums: string[]; tail: string }[] {
  const found: { nums: string[]; tail: string }[] = [];
  for (const m of text.matchAll(CITE)) {
    const nums = [m[1], ...(m[2].match(/\d/g) ?? [])];
    found.push({ nums: [...new Set(nums)], tail: text.slice(m.index + m[0].length, m.index + m[0].length + 120) });
  }
  return found;
}

/** The spec sections each file cites (section numbers only: this needs no spec). */
export function scanCitations(root: string, files = listFiles(root)): Map<string, Set<string>> {
  const cited = new Map<string, Set<string>>();
  for (const file of files) {
    if (SELF.has(file) || !TEXT.test(file)) continue;
    for (const { nums } of citationsIn(readFileSync(join(root, file), 'utf8'))) {
      for (const n of nums) (cited.get(file) ?? cited.set(file, new Set()).get(file)!).add(n);
    }
  }
  return cited;
}

/** The subsection a citation's following text names: a heading or group name, a quoted phrase of its body, a call path. */
function subOf(sec: SpecSection, tail: string, calls: SpecCall[]): string | undefined {
  const t = tail.replace(/^[\s(:,]*/, '');
  const lower = t.toLowerCase();
  const quoted = /^["'“「]([^"'”」\n]+)["'”」]/.exec(t)?.[1]?.toLowerCase();
  const named = sec.subs
    .filter((s) => quoted === s.name.toLowerCase() || (lower.startsWith(s.name.toLowerCase()) && !/^[a-z]/i.test(t.slice(s.name.length))))
    .sort((a, b) => b.name.length - a.name.length)[0];
  if (named) return named.name;
  if (quoted && quoted.length > 3) {
    const inBody = sec.subs.find((s) => s.body.toLowerCase().includes(quoted));
    if (inBody) return inBody.name;
  }
  const path = /^\/v1\/[\w\-/{}]+/.exec(t)?.[0];
  if (path) {
    const segs = pathSegs(path);
    const call = calls.find((c) => segs.every((s, i) => c.segs[i] === s));
    if (call) return call.group;
  }
  return undefined;
}

// ---------------------------------------------------------------------------------------- imports

type Graph = Map<string, string[]>;

function importGraph(root: string, files: string[]): Graph {
  const set = new Set(files);
  const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { imports?: Record<string, unknown> };
  const target = (v: unknown): string | undefined =>
    typeof v === 'string'
      ? v
      : v && typeof v === 'object'
        ? target((v as Record<string, unknown>).default ?? Object.values(v)[0])
        : undefined;
  const aliases = Object.entries(pkg.imports ?? {}).flatMap(([k, v]) => {
    const t = target(v);
    return t ? [[k, t.replace(/^\.\//, '')] as const] : [];
  });
  const resolveSpec = (from: string, spec: string): string | undefined => {
    let base: string | undefined;
    if (spec.startsWith('.')) base = posix.normalize(posix.join(posix.dirname(from), spec));
    else
      for (const [k, v] of aliases) {
        if (k.includes('*') ? spec.startsWith(k.split('*')[0]) : spec === k) {
          base = k.includes('*') ? v.replace('*', spec.slice(k.split('*')[0].length)) : v;
          break;
        }
      }
    if (!base) return undefined;
    base = base.split('?')[0];
    return [base, `${base}.ts`, `${base}.tsx`, `${base}/index.ts`].find((c) => set.has(c));
  };
  const graph: Graph = new Map();
  for (const file of files) {
    if (!/\.(ts|tsx|mts|mjs|astro)$/.test(file)) continue;
    const text = readFileSync(join(root, file), 'utf8');
    const deps = new Set<string>();
    for (const m of text.matchAll(/(?:\bfrom\s*|\bimport\s*\(\s*|^\s*import\s+)['"]([^'"\n]+)['"]/gm)) {
      const dep = resolveSpec(file, m[1]);
      if (dep) deps.add(dep);
    }
    graph.set(file, [...deps]);
  }
  return graph;
}

function importersOf(graph: Graph, targets: Set<string>): Set<string> {
  const out = new Set<string>();
  for (const [file, deps] of graph) if (deps.some((d) => targets.has(d))) out.add(file);
  return out;
}

// ------------------------------------------------------------------------------------------ paths

/** Code without its comments (a `//` after `:` is a URL, the `/*` of `'/_astro/*'` no comment). */
const code = (text: string) => text.replace(/(^|[\s;,(){}=])\/\*[\s\S]*?\*\//g, '$1').replace(/(^|[^:'"`\\])\/\/.*$/gm, '$1');

interface PathUse {
  segs: string[];
  method?: string;
}
const METHOD = /['"](get|post|put|patch|delete)['"]/gi;

/**
 * The calls a file makes or defines: quoted strings and template literals that start with `/` (or
 * hold `/v1/` when `v1Only`), with the HTTP method quoted just before them in the same statement;
 * with `docs`, also the JSDoc lines that open with `METHOD /v1/…` (a helper builds that path).
 */
function pathUses(text: string, v1Only: boolean, docs = false): PathUse[] {
  const out: PathUse[] = [];
  const src = code(text);
  for (const m of src.matchAll(/(['"`])((?:(?!\1)[^\\\n]|\\.)*)\1/g)) {
    let s = m[2];
    const at = s.indexOf('/v1/');
    if (v1Only) {
      // `/v1/` at the start, after a `${base}` or an origin: not the editor API's `/admin/v1/`.
      if (at >= 0 && (at === 0 || s[at - 1] === '}' || /^https?:\/\/[^/]*$/.test(s.slice(0, at)))) s = s.slice(at);
      else if (!s.startsWith('/public.json')) continue;
    } else if (!/^\/[\w{$]/.test(s)) continue;
    const before = src
      .slice(Math.max(0, m.index - 80), m.index)
      .split(/[;}]/)
      .at(-1)!;
    const method = [...before.matchAll(METHOD)].at(-1)?.[1].toUpperCase();
    out.push({ segs: pathSegs(s.replace(/\$\{[^}]*\}/g, '{}')), method });
  }
  if (docs) {
    for (const m of text.matchAll(/^\s*(?:\/\*\*|\*)\s*(GET|POST|PUT|PATCH|DELETE) (\/v1\/[^\s:;,)]+)/gm)) {
      out.push({ segs: pathSegs(m[2].replace(/[.…]+$/, '')), method: m[1] });
    }
  }
  return out;
}

/** The calls a path stands for: its method (when known), same length, static segments equal, the most static matches. */
function callsOf(use: PathUse, calls: SpecCall[]): SpecCall[] {
  let best = -1;
  let hits: SpecCall[] = [];
  for (const c of calls) {
    if (c.segs.length !== use.segs.length || (use.method && use.method !== c.method)) continue;
    let score = 0;
    let ok = true;
    for (let i = 0; i < use.segs.length && ok; i++) {
      if (c.segs[i] === '{}') continue;
      if (c.segs[i] === use.segs[i]) score++;
      else ok = false;
    }
    if (!ok) continue;
    if (score > best) {
      best = score;
      hits = [];
    }
    if (score === best) hits.push(c);
  }
  return hits;
}

/** `src/pages/blog/[key].astro` → ['blog', '[key]'] (null for files that are not routes). */
function pageSegs(file: string): string[] | null {
  if (!file.startsWith('src/pages/') || !/\.(astro|ts)$/.test(file)) return null;
  const segs = file
    .slice('src/pages/'.length)
    .replace(/\.(astro|ts)$/, '')
    .split('/');
  if (segs.some((s) => s.startsWith('_'))) return null;
  if (segs.at(-1) === 'index') segs.pop();
  return segs;
}

/** How well page segments serve a spec route (null: not at all); a rest parameter scores below a page of its own. */
function routeScore(route: string[], page: string[]): number | null {
  if (!route.length && !page.length) return 0;
  const [r, ...rs] = route;
  const [p, ...ps] = page;
  let best: number | null = null;
  const take = (s: number | null, add: number) => {
    if (s !== null && (best === null || s + add > best)) best = s + add;
  };
  if (p?.startsWith('[...')) {
    take(routeScore(route, ps), -1);
    if (r !== undefined) take(routeScore(rs, page), 0);
  }
  if (r?.endsWith('?}')) take(routeScore(rs, page), 0);
  if (r !== undefined && p !== undefined && !p.startsWith('[...')) {
    const param = p.startsWith('[');
    if (r.startsWith('{')) {
      if (param) take(routeScore(rs, ps), 2);
    } else if (r === p) take(routeScore(rs, ps), 3);
    else if (param) take(routeScore(rs, ps), 1);
  }
  return best;
}

// -------------------------------------------------------------------------------------- rendering

/** The rows of a section's table, in the order a file is sorted into them: name, what it holds (the map's legend), which files. */
const LAYERS: [string, string, (p: string) => boolean][] = [
  ['Guide', 'the `*.md` guides', (p) => p.endsWith('.md')],
  ['Contract', '`contracts/`, the zod schemas of every request and response', (p) => p.startsWith('contracts/')],
  ['Route', '`api/src/routes/`, route definitions and handlers', (p) => p.startsWith('api/src/routes/')],
  ['Service', '`api/src/services/`, the rules and the SQL', (p) => p.startsWith('api/src/services/')],
  ['API, other', 'the rest of `api/`: middleware, lib, db', (p) => p.startsWith('api/')],
  ['API client', '`src/api-client/`', (p) => p.startsWith('src/api-client/')],
  [
    'Store or rule',
    '`src/stores/`, `src/lib/`, `src/validation/`, `src/scripts/`',
    (p) => /^src\/(stores|lib|validation|scripts)\//.test(p),
  ],
  [
    'Island or page',
    '`islands/`, `themes/`, `src/pages/`, `src/components/`, `src/layouts/`',
    (p) => /^(islands|themes)\/|^src\/(pages|components|layouts)\//.test(p),
  ],
  ['Tests', '`tests/unit/`, `tests/api/`, `tests/e2e/`', (p) => p.startsWith('tests/')],
  ['Build and host', 'everything else: `scripts/`, `content-sync/`, `public/`, `deploy/`, configs', () => true],
];
const layerOf = (p: string) => LAYERS.find(([, , test]) => test(p))![0];
/** The order of the rows: the request's way from contract to tests, then build and host, the guides last. */
const ROWS = [...LAYERS.slice(1), LAYERS[0]];

const link = (file: string, text = file) => `[${text.replace(/[[\]]/g, '\\$&')}](../${file.split('/').map(encodeURIComponent).join('/')})`;
/** Code-unit order, the same on every machine (no locale). */
const byName = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
const dirOf = (f: string) => (f.includes('/') ? f.slice(0, f.lastIndexOf('/') + 1) : '');

/** Files as links: one folder's files on one line after the folder's name when there are several. */
function cell(files: Iterable<string>, base = ''): string {
  const under = (f: string) => (base && f.startsWith(base) ? 0 : 1);
  const sorted = [...new Set(files)].sort((a, b) => under(a) - under(b) || byName(a, b));
  if (!sorted.length) return '—';
  const byDir = new Map<string, string[]>();
  for (const f of sorted) (byDir.get(dirOf(f)) ?? byDir.set(dirOf(f), []).get(dirOf(f))!).push(f);
  return [...byDir]
    .map(([dir, fs]) => {
      const shown = dir.startsWith(base) ? dir.slice(base.length) : dir;
      if (fs.length === 1) return link(fs[0], fs[0].startsWith(base) ? fs[0].slice(base.length) : fs[0]);
      const names = fs.map((f) => link(f, f.slice(dir.length))).join(', ');
      return shown ? `\`${shown}\` (${fs.length}): ${names}` : names;
    })
    .join('<br>');
}

function layerTable(files: Iterable<string>): string[] {
  const by = new Map<string, Set<string>>();
  for (const f of files) (by.get(layerOf(f)) ?? by.set(layerOf(f), new Set()).get(layerOf(f))!).add(f);
  const rows = ROWS.map(([name]) => name).filter((n) => by.has(n));
  if (!rows.length) return ['No file cites it yet.', ''];
  return ['| Layer | Files |', '|---|---|', ...rows.map((n) => `| ${n} | ${cell(by.get(n)!)} |`), ''];
}

/** GitHub's heading anchor. */
const anchor = (heading: string) =>
  `#${heading
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/ /g, '-')}`;

// ---------------------------------------------------------------------------------------- the map

/** The whole text of docs/spec-map.md for the spec `specText` and the repository at `root`. */
export function buildSpecMap(root: string, specText: string, files = listFiles(root)): string {
  const sections = parseSpec(specText);
  const calls = parseCalls(sections);
  const graph = importGraph(root, files);
  const texts = new Map(files.filter((f) => TEXT.test(f)).map((f) => [f, readFileSync(join(root, f), 'utf8')]));

  // Citations, by section and by subsection.
  const bySection = new Map<string, Set<string>>();
  const bySub = new Map<string, Set<string>>();
  const add = (m: Map<string, Set<string>>, k: string, f: string) => (m.get(k) ?? m.set(k, new Set()).get(k)!).add(f);
  for (const [file, text] of texts) {
    if (SELF.has(file)) continue;
    for (const { nums, tail } of citationsIn(text)) {
      for (const n of nums) {
        const sec = sections.find((s) => s.num === n);
        const sub = sec && nums.length === 1 ? subOf(sec, tail, calls) : undefined;
        if (sub) add(bySub, `${n}/${sub}`, file);
        else add(bySection, n, file);
      }
    }
  }

  // Calls → the route files that define their paths, the storefront files that call them, the tests that send them.
  const callKey = (c: SpecCall) => `${c.method} ${c.path}`;
  const routeFiles = new Map<string, Set<string>>();
  const callerFiles = new Map<string, Set<string>>();
  const testHits = new Map<string, Map<string, number>>();
  for (const [file, text] of texts) {
    if (!/\.(ts|tsx|mts|mjs|js|astro)$/.test(file) || SELF.has(file)) continue;
    if (/^tests\/(api|unit|e2e)\//.test(file)) {
      const hits = new Map<string, number>();
      for (const use of pathUses(text, true)) for (const c of callsOf(use, calls)) hits.set(callKey(c), (hits.get(callKey(c)) ?? 0) + 1);
      if (hits.size) testHits.set(file, hits);
      continue;
    }
    const route = file.startsWith('api/src/routes/') && !file.startsWith('api/src/routes/admin/');
    const caller = /^(src|islands|themes|content-sync|public)\//.test(file);
    if (!route && !caller) continue;
    // A route file's method may sit in a helper's parameters: its paths alone say which calls it defines.
    for (const use of pathUses(text, caller, file.startsWith('src/api-client/')).map((u) => (route ? { segs: u.segs } : u))) {
      for (const c of callsOf(use, calls)) add(route ? routeFiles : callerFiles, callKey(c), file);
    }
  }

  const inFolder = (f: string, dir: string) => dirOf(f) === dir;
  const lines: string[] = [];
  const out = (...l: string[]) => lines.push(...l);
  const example =
    calls.find((c) => /\/carts\/products\/add$/.test(c.path)) ??
    calls.find((c) => routeFiles.has(callKey(c)) && callerFiles.has(callKey(c)));

  /** Tests that send these calls more than anything else they send (a third of their calls at least), busiest first. */
  const testsOf = (group: SpecCall[]) => {
    const keys = new Set(group.map(callKey));
    return [...testHits]
      .map(([file, hits]) => {
        let mine = 0;
        let all = 0;
        for (const [k, n] of hits) {
          all += n;
          if (keys.has(k)) mine += n;
        }
        return { file, mine, all };
      })
      .filter((t) => t.mine && t.mine * 3 >= t.all)
      .sort((a, b) => b.mine - a.mine || byName(a.file, b.file))
      .map((t) => t.file);
  };

  /** The layers of a set of calls: route files and callers, what they import and who imports them. */
  const callLayers = (group: SpecCall[]) => {
    const routes = new Set(group.flatMap((c) => [...(routeFiles.get(callKey(c)) ?? [])]));
    const callers = new Set(group.flatMap((c) => [...(callerFiles.get(callKey(c)) ?? [])]));
    const routeDirs = new Set([...routes].map(dirOf));
    const folder = [...graph.keys()].filter((f) => [...routeDirs].some((d) => inFolder(f, d)));
    const services = new Set(folder.flatMap((f) => graph.get(f)!.filter((d) => d.startsWith('api/src/services/'))));
    const handlers = folder.filter((f) => !routes.has(f) && graph.get(f)!.some((d) => services.has(d)));
    const contracts = new Set([...routes, ...callers].flatMap((f) => (graph.get(f) ?? []).filter((d) => d.startsWith('contracts/'))));
    const clients = new Set([...callers].filter((f) => f.startsWith('src/api-client/')));
    const stores = new Set([...importersOf(graph, clients)].filter((f) => f.startsWith('src/stores/')));
    const screens = new Set([...importersOf(graph, new Set([...clients, ...stores]))].filter((f) => layerOf(f) === 'Island or page'));
    const tests = [...new Set([...testsOf(group), ...[...importersOf(graph, clients)].filter((f) => f.startsWith('tests/')).sort()])];
    return { routes, callers, handlers, services, contracts, clients, stores, screens, tests };
  };

  const find = (dir: string, name: string) => files.find((f) => f.startsWith(dir) && f.endsWith(`/${name}`));
  out(
    '# From the spec to the code',
    '',
    '<!-- Generated by scripts/spec-map.ts from the storefront spec: do not edit by hand, regenerate. -->',
    '',
    'Each section of the storefront spec (`storefront-spec.md`, kept beside the repository in',
    '`../shared/spec/`) with the files that implement it. A newcomer looking for a behaviour of the spec',
    'starts at its section here.',
    '',
    '## How to read it',
    '',
    '- **Cited**: a file is listed under a section when its comments or test names cite it ("spec 4",',
    '  "spec 2 and 8"); under a subsection when the citation names it ("spec 2 redirect rules", "spec 7',
    '  \\"Cart\\"", "spec 7 /v1/carts/…"). Subsections are the spec\'s `###` headings (section 2) and the call',
    '  groups of section 7 (**Auth**, **Cart**, …), named, not numbered, as the code cites them.',
    '- **Calls** (section 7): each `METHOD /path` with the route file that defines the path (its',
    '  `createRoute` `path:`) and the storefront files that call it (the API-client module first: the',
    '  path with that method, or its JSDoc line `METHOD /v1/…`). A `—` means no file spells the path out',
    "  (a helper builds it, or only the server or a provider calls it). The group's table adds the",
    "  contracts those files import, the services the route folder's handlers import, the stores and the",
    '  islands or pages that import the client modules, and the tests that import them or whose API calls',
    "  are mostly this group's.",
    '- **Screens** (section 2): each route with the `src/pages/` file that serves it and the islands and',
    '  theme screens that page imports.',
    '- A folder with several files shows its name once, then the file names on one line.',
    '- The rows of the tables, in this order:',
    ...ROWS.map(([name, what]) => `  - **${name}**: ${what}.`),
    '',
    '## Regenerate it',
    '',
    'After moving, adding or renaming files, or changing a citation:',
    '',
    '```sh',
    'npx node scripts/spec-map.ts            # the spec from ../shared/spec/storefront-spec.md',
    'npx node scripts/spec-map.ts path/to/storefront-spec.md',
    '```',
    '',
    '`tests/unit/spec-map.test.ts` fails when this file is stale: a linked file is gone, a cited section',
    'or a citing file is missing here, or (where the spec is at hand) regenerating gives another text.',
    '',
    '## Start here',
    '',
    'A request goes contract → route → service → API client → island or page, and each step has its tests.',
  );
  if (example) {
    const l = callLayers([example]);
    const few = (s: Set<string>, n = 3) => cell([...s].sort().slice(0, n));
    out(
      `Follow \`${callKey(example)}\`:`,
      '',
      `1. **Contract** (zod schemas both sides share): ${few(l.contracts)}.`,
      `2. **Route**: defined in ${cell(l.routes)}, handled in ${cell(l.handlers)}; every route group is mounted in ${cell([find('api/src/', 'app.ts') ?? ''].filter(Boolean))}.`,
      `3. **Service** (the rules and the SQL; handlers only parse and answer): ${few(l.services, 4)}.`,
      `4. **API client** (one fetch core, ${cell([find('src/api-client/', 'http.ts') ?? ''].filter(Boolean))}; one module per resource): ${cell(l.clients)}.`,
      `5. **Store, island or page**: ${few(new Set([...l.stores, ...l.screens]), 4)}.`,
      `6. **Tests**: ${cell(testsOf(calls.filter((c) => c.group === example.group)).slice(0, 4))}.`,
      '',
    );
  }
  const pointers: [string, string | undefined][] = [
    ['How the pieces fit together', find('docs/', 'architecture.md')],
    ['Every screen route as a typed path', find('src/lib/', 'routes.ts')],
    ['The theme slots each screen fills', find('themes/', 'registry.ts')],
    ['Validation rules and their Japanese messages', files.find((f) => f.startsWith('src/validation/') && /\/(rules|index)\.ts$/.test(f))],
    ['One error contract for every failure', find('api/src/lib/', 'errors.ts')],
  ];
  for (const [what, file] of pointers) if (file) out(`- ${what}: ${link(file)}`);
  out('', '## Sections', '');
  const heading = (s: SpecSection) => `${s.num}. ${s.title}`;
  const subHeading = (s: SpecSection, sub: SpecSub) => `${s.num} · ${sub.name}`;
  for (const s of sections) {
    const subs = s.subs.map((sub) => `[${sub.name}](${anchor(subHeading(s, sub))})`).join(', ');
    out(`- [${heading(s)}](${anchor(heading(s))})${subs ? `: ${subs}` : ''}`);
  }
  out('');

  for (const s of sections) {
    out(`## ${heading(s)}`, '');
    const own = bySection.get(s.num) ?? new Set();
    out(`Cited as "spec ${s.num}" by ${own.size} file${own.size === 1 ? '' : 's'}.`, '', ...layerTable(own));
    for (const sub of s.subs) {
      out(`### ${subHeading(s, sub)}`, '');
      const cites = bySub.get(`${s.num}/${sub.name}`) ?? new Set<string>();
      if (/routes$/i.test(sub.name)) out(...screenTable(sub));
      if (/^layouts$/i.test(sub.name)) {
        const names = sub.body
          .replace(/\.\s*$/, '')
          .split(/[,\s]+/)
          .filter(Boolean);
        const kebab = (f: string) =>
          f
            .replace(/^.*\//, '')
            .replace(/\.astro$/, '')
            .replace(/(?<=[a-z0-9])([A-Z])/g, '-$1')
            .toLowerCase();
        out(
          '| Layout | File |',
          '|---|---|',
          ...names.map((n) => `| ${n} | ${cell(files.filter((f) => f.startsWith('src/layouts/') && kebab(f) === n))} |`),
          '',
        );
      }
      if (sub.kind === 'group') {
        const group = calls.filter((c) => c.group === sub.name);
        if (group.length) {
          out('| Call | Route | Called from |', '|---|---|---|');
          for (const c of group) {
            out(
              `| \`${callKey(c)}\` | ${cell(routeFiles.get(callKey(c)) ?? [], 'api/src/routes/')} | ${cell(callerFiles.get(callKey(c)) ?? [], 'src/api-client/')} |`,
            );
          }
          out('');
          const l = callLayers(group);
          const all = new Set([
            ...l.contracts,
            ...l.routes,
            ...l.handlers,
            ...l.services,
            ...l.callers,
            ...l.stores,
            ...l.screens,
            ...l.tests,
            ...cites,
          ]);
          out(...layerTable(all));
          continue;
        }
      }
      if (cites.size) out(`Cited by name by ${cites.size} file${cites.size === 1 ? '' : 's'}.`, '', ...layerTable(cites));
      else if (!/routes$|^layouts$/i.test(sub.name)) out("No file cites this part by name: see the section's table above.", '');
    }
  }
  return `${lines
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trimEnd()}\n`;

  function screenTable(sub: SpecSub): string[] {
    const pages = files.map((f) => [f, pageSegs(f)] as const).filter((x): x is readonly [string, string[]] => !!x[1]);
    const serve = (route: string): string[] => {
      const segs = route.split('/').filter(Boolean);
      let best = -Infinity;
      let hits: string[] = [];
      for (const [f, p] of pages) {
        const s = routeScore(segs, p);
        if (s === null) continue;
        if (s > best) {
          best = s;
          hits = [];
        }
        if (s === best) hits.push(f);
      }
      return hits;
    };
    const rows: [string, string[]][] = [];
    let prev = '';
    for (const line of sub.body.split('\n')) {
      const text = line.replace(/\([^)]*\)/g, '');
      for (const m of text.matchAll(/(?<![\w}])\/[\w{}?/._-]*/g)) {
        let route = m[0].replace(/\.$/, '');
        let hits = serve(route);
        // `/x` after a deeper route on the same line: a sibling of its last segment (`…/shipping, /delivery`).
        const onlyCatchAll = hits.every((f) => {
          const p = pageSegs(f)!;
          return p.length === 1 && p[0].startsWith('[...');
        });
        if (onlyCatchAll && prev.split('/').length > 2) {
          const sibling = prev.replace(/\/[^/]*$/, '') + route;
          if (serve(sibling).length) {
            route = sibling;
            hits = serve(sibling);
          }
        }
        rows.push([route, hits]);
        prev = route;
      }
      prev = '';
    }
    if (/catch-all/.test(sub.body))
      rows.push(['catch-all for unknown paths', pages.filter(([f]) => /\/404\.(astro|ts)$/.test(f)).map(([f]) => f)]);
    if (/served by URL/i.test(sub.body))
      rows.push(['static and landing pages, by URL', pages.filter(([, p]) => p.length === 1 && p[0].startsWith('[...')).map(([f]) => f)]);
    const screensOf = (page: string) => (graph.get(page) ?? []).filter((d) => /^(islands|themes)\//.test(d));
    return [
      '| Route | Page | Islands and screens |',
      '|---|---|---|',
      ...rows.map(([route, hits]) => `| \`${route}\` | ${cell(hits, 'src/pages/')} | ${cell(hits.flatMap(screensOf))} |`),
      '',
    ];
  }
}

if (import.meta.main) {
  const spec = findSpec(repoRoot, process.argv[2]);
  if (!spec) {
    console.error('spec-map: no storefront-spec.md (give its path, or set STOREFRONT_SPEC)');
    process.exit(1);
  }
  writeFileSync(join(repoRoot, mapFile), buildSpecMap(repoRoot, readFileSync(spec, 'utf8')));
  console.log(`spec-map: ${mapFile} written from ${spec}`);
}
