// The commit message rules (scripts/check-commits.ts, CONTRIBUTING.md): a subject of at most 72 characters,
// a blank second line, a body on larger changes, merges that say what they bring in; run on a throwaway repository.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CommitFacts, problems } from '../../scripts/check-commits.ts';

const script = join(dirname(fileURLToPath(import.meta.url)), '../../scripts/check-commits.ts');
const small = (message: string, more: Partial<CommitFacts> = {}): CommitFacts => ({
  sha: 'a'.repeat(40),
  message,
  parents: 1,
  files: 1,
  lines: 5,
  ...more,
});

describe('a commit message', () => {
  it('passes with a short subject alone on a small change, or with a blank line and a body', () => {
    expect(problems(small('Fix the cart badge count after a removal'))).toEqual([]);
    expect(problems(small('Split the schema by domain\n\nSeventy-five tables in one file.\n', { files: 12, lines: 900 }))).toEqual([]);
  });

  it('fails with an empty subject or one over 72 characters (counted in characters, not bytes)', () => {
    expect(problems(small('\n\nbody only'))).toEqual(['the subject (first line) is empty']);
    expect(problems(small('x'.repeat(73)))).toEqual(['the subject is 73 characters, more than 72']);
    expect(problems(small('カート'.repeat(24)))).toEqual([]);
  });

  it('fails when the second line is not blank', () => {
    expect(problems(small('Move cart routes\nbecause they were scattered'))).toEqual([
      'the second line must be blank, between the subject and the body',
    ]);
  });

  it('needs a body over 3 files or 40 lines', () => {
    expect(problems(small('Rename helpers', { files: 3, lines: 40 }))).toEqual([]);
    expect(problems(small('Rename helpers', { files: 4, lines: 4 }))[0]).toMatch(/changes 4 files and 4 lines/);
    expect(problems(small('Rename helpers', { files: 1, lines: 41 }))[0]).toMatch(/changes 1 file and 41 lines/);
  });

  it('as a merge, starts with "Merge" and says what it brings in', () => {
    const merge = (message: string) => problems(small(message, { parents: 2, files: 0, lines: 0 }));
    expect(merge("Merge branch 'hA': the checkout layer above cart and payments")).toEqual([]);
    expect(merge("Merge branch 'hA'\n\nThe checkout layer above cart and payments.")).toEqual([]);
    expect(merge("Merge branch 'hA' into main")).toEqual(['a merge says what it brings in: after the branch name, or in a body']);
    expect(merge('Bring in the checkout layer')).toEqual(['a merge commit’s subject starts with "Merge"']);
  });
});

describe('scripts/check-commits.ts on a repository', () => {
  let repo = '';
  let base = '';
  const env = {
    ...process.env,
    GIT_AUTHOR_NAME: 't',
    GIT_AUTHOR_EMAIL: 't@example.com',
    GIT_COMMITTER_NAME: 't',
    GIT_COMMITTER_EMAIL: 't@example.com',
  };
  const git = (...args: string[]) => {
    const run = spawnSync('git', args, { cwd: repo, env, encoding: 'utf8' });
    if (run.status !== 0) throw new Error(run.stderr);
    return run.stdout.trim();
  };
  const commit = (message: string, files: Record<string, string>) => {
    for (const [name, text] of Object.entries(files)) writeFileSync(join(repo, name), text);
    git('add', '-A');
    git('commit', '-q', '--allow-empty-message', '-m', message);
  };
  const check = (...args: string[]) => spawnSync(process.execPath, [script, ...args], { cwd: repo, encoding: 'utf8' });

  beforeAll(() => {
    repo = mkdtempSync(join(tmpdir(), 'check-commits-'));
    git('init', '-q', '-b', 'main');
    commit('A subject far too long from before the rules, which the check must not look at at all', { 'old.txt': 'old\n' });
    base = git('rev-parse', 'HEAD');
    commit('Add a readme', { 'README.md': 'hello\n' });
    commit('Add four files\n\nThey belong together.', { 'a.txt': 'a\n', 'b.txt': 'b\n', 'c.txt': 'c\n', 'd.txt': 'd\n' });
    git('checkout', '-q', '-b', 'side');
    commit('Touch four files at once without saying why', { 'a.txt': 'A\n', 'b.txt': 'B\n', 'c.txt': 'C\n', 'd.txt': 'D\n' });
    git('checkout', '-q', 'main');
    commit(`Change the readme${' and more'.repeat(8)}`, { 'README.md': 'hello again\n' });
    git('merge', '-q', '--no-ff', '-m', "Merge branch 'side'", 'side');
  });
  afterAll(() => rmSync(repo, { recursive: true, force: true }));

  it('prints each offending commit after --since with why, and exits 1', () => {
    const run = check('--since', base);
    expect(run.status).toBe(1);
    const lines = run.stdout.trim().split('\n');
    expect(lines.filter((l) => /^[0-9a-f]{12} /.test(l)).map((l) => l.slice(13))).toEqual([
      'Touch four files at once without saying why',
      `Change the readme${' and more'.repeat(8)}`.slice(0, 80),
      "Merge branch 'side'",
    ]);
    expect(lines.at(-1)).toBe(`5 commits after ${base.slice(0, 12)}: 3 break the message rules (CONTRIBUTING.md)`);
    expect(run.stdout).toMatch(/changes 4 files and 8 lines/);
    expect(run.stdout).toMatch(/the subject is 89 characters/);
    expect(run.stdout).toMatch(/a merge says what it brings in/);
  });

  it('exits 0 when every commit since the given one keeps the rules, and 2 on a bad revision or argument', () => {
    git('checkout', '-q', 'main~2'); // "Add four files": before the two bad commits and the merge
    try {
      const run = check(`--since=${base}`);
      expect([run.status, run.stdout.trim()]).toEqual([0, `2 commits after ${base.slice(0, 12)}: all keep the message rules`]);
    } finally {
      git('checkout', '-q', 'main');
    }
    expect(check('--since', 'no-such-rev').status).toBe(2);
    expect(check('--after', base).status).toBe(2);
  });
});
