/**
 * File hashes of a build's output, to prove which files a rebuild touched (the content bench and
 * tests/e2e/rebuild.spec.ts): relative path → sha256 of every file under a folder, and the paths
 * whose hash differs between two such maps (added, removed or changed).
 */
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';

export function hashTree(dir: string): Map<string, string> {
  const hashes = new Map<string, string>();
  for (const entry of readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile()) continue;
    const path = join(entry.parentPath, entry.name);
    hashes.set(relative(dir, path), createHash('sha256').update(readFileSync(path)).digest('hex'));
  }
  return hashes;
}

export function changedFiles(before: Map<string, string>, after: Map<string, string>): string[] {
  return [...new Set([...before.keys(), ...after.keys()])].filter((f) => before.get(f) !== after.get(f)).sort();
}
