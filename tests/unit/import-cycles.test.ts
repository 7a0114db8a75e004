// No import cycles in the shop's code (issue 24): two modules that import each other are one concern split wrongly.
// Type-only imports count too: they tie the files' meaning together even when the bundle drops them.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { describeCycle, importCycles, importSpecifiers, scriptText } from '../support/import-graph.ts';

const repository = join(dirname(fileURLToPath(import.meta.url)), '../..');
const FOLDERS = ['api/src', 'src', 'islands', 'contracts', 'themes', 'scripts', 'content-sync'];

describe('import cycles', () => {
  it(`none in ${FOLDERS.join(', ')} (type-only and dynamic imports included)`, () => {
    const cycles = importCycles(repository, FOLDERS).map(describeCycle);
    expect(cycles, `import cycles:\n${cycles.join('\n')}`).toEqual([]);
  });
});

describe('the cycle detector', () => {
  let dir = '';
  const write = (files: Record<string, string>) => {
    dir = mkdtempSync(join(tmpdir(), 'import-cycles-'));
    for (const [path, text] of Object.entries(files)) {
      mkdirSync(dirname(join(dir, path)), { recursive: true });
      writeFileSync(join(dir, path), text);
    }
  };
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('finds two files that import each other, one of them by `import type`', () => {
    write({
      'package.json': '{}',
      'lib/a.ts': "import type { B } from './b.ts';\nexport const a = (b: B) => b;\n",
      'lib/b.ts': "import { a } from './a.ts';\nexport type B = typeof a;\n",
      'lib/c.ts': "import { a } from './a.ts';\nexport const c = a;\n",
    });
    expect(importCycles(dir, ['lib'])).toEqual([
      {
        files: ['lib/a.ts', 'lib/b.ts'],
        edges: [
          ['lib/a.ts', 'lib/b.ts'],
          ['lib/b.ts', 'lib/a.ts'],
        ],
      },
    ]);
  });

  it('follows package.json "imports" aliases, import() and .astro frontmatter across folders', () => {
    write({
      'package.json': JSON.stringify({ imports: { '#lib/*': './src/lib/*' } }),
      'src/lib/price.ts': "export const load = () => import('../pages/Cart.astro');\n",
      'src/pages/Cart.astro': "---\nimport { load } from '#lib/price.ts';\n---\n<p>{String(load)}</p>\n",
    });
    expect(importCycles(dir, ['src']).map(describeCycle)).toEqual([
      '2 files: src/lib/price.ts → src/pages/Cart.astro, src/pages/Cart.astro → src/lib/price.ts',
    ]);
  });

  it('finds a file that imports itself and a longer loop, and nothing in a tree', () => {
    write({
      'package.json': '{}',
      'x/self.ts': "export * from './self.ts';\n",
      'x/one.ts': "import './two';\n",
      'x/two/index.ts': "export { three } from '../three.ts';\n",
      'x/three.ts': "import type {} from './one.ts';\nexport const three = 3;\n",
      'y/root.ts': "import './leaf.ts';\nimport '../x/self.ts';\n",
      'y/leaf.ts': 'export {};\n',
    });
    expect(importCycles(dir, ['x', 'y']).map((c) => c.files)).toEqual([['x/one.ts', 'x/three.ts', 'x/two/index.ts'], ['x/self.ts']]);
  });

  it('reads every kind of import and an .astro file’s <script>s', () => {
    const text = [
      "import type { A } from './a.ts';",
      "export * from './b.ts';",
      "export type { C } from './c.ts';",
      "const d = await import('./d.ts');",
      "let e: typeof import('./e.ts');",
    ].join('\n');
    expect(importSpecifiers(text)).toEqual(['./a.ts', './b.ts', './c.ts', './d.ts', './e.ts']);
    const astro =
      "---\nimport A from './A.astro';\n---\n<A />\n<script>\n  import { run } from '../scripts/run.ts';\n  run();\n</script>\n";
    expect(importSpecifiers(scriptText('Page.astro', astro))).toEqual(['./A.astro', '../scripts/run.ts']);
  });
});
