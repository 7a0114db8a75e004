// The repository's import graph and its cycles (tests/unit/import-cycles.test.ts): every import, type-only and
// dynamic ones included, of .ts/.tsx/.mts files and of .astro frontmatter and <script>s, with package.json aliases.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, posix, relative, sep } from 'node:path';
import ts from 'typescript';

/** A strongly connected set of files (every file reaches every other), with the imports that tie it. */
export interface Cycle {
  files: string[];
  edges: [from: string, to: string][];
}

const SOURCE = /\.(ts|tsx|mts|astro)$/;
const EXTENSIONS = ['', '.ts', '.tsx', '.mts', '/index.ts', '/index.tsx'];

/** Every source file under the given folders of `root`, as root-relative posix paths. */
export function listSourceFiles(root: string, folders: string[]): string[] {
  const files: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir)) {
      if (entry === 'node_modules' || entry.startsWith('.')) continue;
      const path = join(dir, entry);
      if (statSync(path).isDirectory()) walk(path);
      else if (SOURCE.test(entry) && !entry.endsWith('.d.ts')) files.push(relative(root, path).split(sep).join('/'));
    }
  };
  for (const folder of folders) if (existsSync(join(root, folder))) walk(join(root, folder));
  return files.sort();
}

/** The script parts of a file: all of a .ts file; an .astro file's frontmatter and <script> bodies. */
export function scriptText(path: string, text: string): string {
  if (!path.endsWith('.astro')) return text;
  const frontmatter = /^---\r?\n([\s\S]*?)\r?\n---/.exec(text)?.[1] ?? '';
  const scripts = [...text.matchAll(/<script\b[^>]*>([\s\S]*?)<\/script>/g)].map((m) => m[1]);
  return [frontmatter, ...scripts].join('\n');
}

/** The specifiers a file's text imports: static, type-only, re-exports, import() and require(). */
export function importSpecifiers(text: string): string[] {
  return ts.preProcessFile(text, true, true).importedFiles.map((f) => f.fileName);
}

/** package.json "imports" as [prefix, target folder] pairs: '#lib/*' → ['#lib/', 'src/lib/']. */
export function readAliases(root: string): [string, string][] {
  const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { imports?: Record<string, unknown> };
  return Object.entries(pkg.imports ?? {})
    .filter((entry): entry is [string, string] => typeof entry[1] === 'string')
    .map(([key, target]) => [key.replace(/\*$/, ''), target.replace(/\*$/, '').replace(/^\.\//, '')]);
}

/** The listed file a specifier names, or null (a package, an asset, a file outside the folders). */
export function resolveImport(from: string, specifier: string, known: Set<string>, aliases: [string, string][]): string | null {
  const bare = specifier.replace(/\?.*$/, ''); // Vite's ?raw, ?url
  let base: string | null = null;
  if (bare.startsWith('.')) base = posix.normalize(posix.join(posix.dirname(from), bare));
  else for (const [prefix, target] of aliases) if (bare.startsWith(prefix)) base = target + bare.slice(prefix.length);
  if (base === null) return null;
  const candidates = EXTENSIONS.map((ext) => base + ext);
  if (/\.js$/.test(base)) candidates.push(base.replace(/\.js$/, '.ts'), base.replace(/\.js$/, '.tsx'));
  return candidates.find((candidate) => known.has(candidate)) ?? null;
}

/** file → the listed files it imports. */
export function buildGraph(root: string, files: string[], aliases = readAliases(root)): Map<string, string[]> {
  const known = new Set(files);
  const graph = new Map<string, string[]>();
  for (const file of files) {
    const text = scriptText(file, readFileSync(join(root, file), 'utf8'));
    const targets = importSpecifiers(text).map((s) => resolveImport(file, s, known, aliases));
    graph.set(file, [...new Set(targets.filter((t): t is string => t !== null))]);
  }
  return graph;
}

/** Tarjan's strongly connected components: each of more than one file, or a file importing itself, is a cycle. */
export function findCycles(graph: Map<string, string[]>): Cycle[] {
  let next = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const cycles: Cycle[] = [];
  const visit = (v: string) => {
    index.set(v, next);
    low.set(v, next++);
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) !== index.get(v)) return;
    const members: string[] = [];
    let w: string;
    do {
      w = stack.pop()!;
      onStack.delete(w);
      members.push(w);
    } while (w !== v);
    if (members.length === 1 && !(graph.get(v) ?? []).includes(v)) return;
    const inside = new Set(members);
    const files = members.sort();
    const edges = files.flatMap((f) => (graph.get(f) ?? []).filter((t) => inside.has(t)).map((t): [string, string] => [f, t]));
    cycles.push({ files, edges });
  };
  for (const v of graph.keys()) if (!index.has(v)) visit(v);
  return cycles.sort((a, b) => a.files[0].localeCompare(b.files[0]));
}

/** One line per cycle, its files and the imports that close it, for a test's failure message. */
export function describeCycle(cycle: Cycle): string {
  const imports = cycle.edges.map(([from, to]) => `${from} → ${to}`).join(', ');
  return `${cycle.files.length} files: ${imports}`;
}

/** The cycles among the source files under `folders` of the repository at `root`. */
export function importCycles(root: string, folders: string[]): Cycle[] {
  return findCycles(buildGraph(root, listSourceFiles(root, folders)));
}
