import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = join(import.meta.dirname, '../..');

function sources(dir: string): string[] {
  return readdirSync(join(root, dir), { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile() && /\.tsx?$/.test(e.name))
    .map((e) => join(e.parentPath, e.name));
}

describe('issue 5 JS budget: islands take React through islands/common/react.ts', () => {
  it('no island or store imports React values straight from "react" (each would load the interop runtime file)', () => {
    const offenders = [...sources('islands'), ...sources('src/stores')]
      .filter((file) => !file.endsWith(join('islands', 'common', 'react.ts')))
      .filter((file) => /^import\s+(?!type\b)[^;]*\sfrom\s+'react';/m.test(readFileSync(file, 'utf8')));
    expect(offenders).toEqual([]);
  });
});
