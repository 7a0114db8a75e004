/**
 * npm start's build process started ahead (scripts/host/build.ts prewarmAstroBuild with
 * astro-prewarm.ts): it loads Astro and then waits, building nothing until it is handed its
 * environment, and ends cleanly when the start needs no build (dispose).
 */
import { once } from 'node:events';
import { describe, expect, it } from 'vitest';
import { prewarmAstroBuild } from '../../../scripts/host/build.ts';

describe('the prewarmed start-up build', () => {
  it('waits without building, and exits 0 with no output when disposed', async () => {
    const prewarmed = prewarmAstroBuild();
    let output = '';
    prewarmed.child.stdout.on('data', (d: Buffer) => {
      output += d.toString();
    });
    prewarmed.child.stderr.on('data', (d: Buffer) => {
      output += d.toString();
    });
    // Long enough for Astro's modules to load: it is then waiting on stdin, not building.
    await new Promise((r) => setTimeout(r, 3000));
    expect(prewarmed.child.exitCode).toBeNull();
    const exited = once(prewarmed.child, 'exit');
    prewarmed.dispose();
    const [code] = await exited;
    expect(code).toBe(0);
    expect(output).not.toMatch(/\[build\]|\[types\]/);
  }, 60_000);
});
