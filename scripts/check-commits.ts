/**
 * `node scripts/check-commits.ts [--since REV]`: checks the message of every commit after REV (default: the
 * commit this check landed on) up to HEAD, as CONTRIBUTING.md writes them down, and prints each offender
 * with why. Exit 0 when all pass, 1 when one does not, 2 on a usage or git error.
 */
import { execFileSync } from 'node:child_process';

/** Commits before this one were written before the rules; the lead sets it when the check lands on main. */
export const BASE = 'd89d78ed0205870088079335b36ead802e27eba8';
export const MAX_SUBJECT = 72;
/** A commit that changes more than this needs a body saying why. */
export const BODY_OVER = { files: 3, lines: 40 };

export interface CommitFacts {
  sha: string;
  message: string;
  parents: number;
  /** Files and lines (added + removed) the commit changes; merges are not counted. */
  files: number;
  lines: number;
}

// Git's own merge subjects name the branch and nothing else; with one of them the body must say what comes in.
const DEFAULT_MERGE = /^Merge (branch|branches|remote-tracking branch|tag|commit|pull request) \S+( (of|from) \S+)?( into \S+)?$/;

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

/** Why a commit's message breaks the rules: none when it keeps them. */
export function problems(commit: CommitFacts): string[] {
  const lines = commit.message.replace(/\s+$/, '').split('\n');
  const subject = lines[0].trim();
  const body = lines.slice(2).join('\n').trim();
  const found: string[] = [];
  if (!subject) return ['the subject (first line) is empty'];
  const length = [...subject].length;
  if (length > MAX_SUBJECT) found.push(`the subject is ${length} characters, more than ${MAX_SUBJECT}`);
  if (lines.length > 1 && lines[1].trim() !== '') found.push('the second line must be blank, between the subject and the body');
  if (commit.parents > 1) {
    if (!subject.startsWith('Merge')) found.push('a merge commit’s subject starts with "Merge"');
    else if (DEFAULT_MERGE.test(subject) && !body) found.push('a merge says what it brings in: after the branch name, or in a body');
  } else if (!body && (commit.files > BODY_OVER.files || commit.lines > BODY_OVER.lines)) {
    found.push(
      `it changes ${plural(commit.files, 'file')} and ${plural(commit.lines, 'line')}: over ${BODY_OVER.files} files or ${BODY_OVER.lines} lines, the body says why`,
    );
  }
  return found;
}

const git = (cwd: string, args: string[]) => execFileSync('git', args, { cwd, encoding: 'utf8', maxBuffer: 256 * 2 ** 20 });

/** The commits after `since` up to HEAD, oldest first, with what each changes. */
export function readCommits(cwd: string, since: string): CommitFacts[] {
  const shas = git(cwd, ['rev-list', '--reverse', `${since}..HEAD`])
    .split('\n')
    .filter(Boolean);
  return shas.map((sha) => {
    const [parents, ...message] = git(cwd, ['show', '-s', '--format=%P%n%B', sha]).split('\n');
    const parentCount = parents.split(' ').filter(Boolean).length;
    let files = 0;
    let lines = 0;
    if (parentCount <= 1) {
      // -M: a moved file counts as one file with only the lines it changed; a binary file (-\t-) as a file.
      for (const row of git(cwd, ['show', '--numstat', '-M', '--format=', sha]).split('\n').filter(Boolean)) {
        const [added, removed] = row.split('\t');
        files++;
        lines += (Number(added) || 0) + (Number(removed) || 0);
      }
    }
    return { sha, message: message.join('\n'), parents: parentCount, files, lines };
  });
}

/** The report and exit code for the commits after `since` in the repository at `cwd`. */
export function checkCommits(cwd: string, since: string): { report: string; failed: number } {
  const commits = readCommits(cwd, since);
  const out: string[] = [];
  let failed = 0;
  for (const commit of commits) {
    const found = problems(commit);
    if (!found.length) continue;
    failed++;
    out.push(`${commit.sha.slice(0, 12)} ${commit.message.split('\n')[0].slice(0, 80)}`, ...found.map((p) => `  - ${p}`));
  }
  out.push(
    `${plural(commits.length, 'commit')} after ${since.slice(0, 12)}: ${failed ? `${failed} break the message rules (CONTRIBUTING.md)` : 'all keep the message rules'}`,
  );
  return { report: out.join('\n'), failed };
}

function parseArgs(args: string[]): string {
  if (!args.length) return BASE;
  if (args.length === 2 && args[0] === '--since' && args[1]) return args[1];
  if (args.length === 1 && args[0].startsWith('--since=') && args[0].length > 8) return args[0].slice(8);
  throw new Error(`usage: node scripts/check-commits.ts [--since REV] (got ${args.join(' ')})`);
}

if (import.meta.main) {
  try {
    const since = parseArgs(process.argv.slice(2));
    const { report, failed } = checkCommits(process.cwd(), since);
    console.log(report);
    process.exitCode = failed ? 1 : 0;
  } catch (error) {
    console.error(`[check-commits] ${error instanceof Error ? error.message.trim() : String(error)}`);
    process.exitCode = 2;
  }
}
