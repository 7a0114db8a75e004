/**
 * `npm run build` arguments and the parallelism of `--all-channels` (scripts/host/build-cli.ts): which
 * channel, which folder, how many builds at once for the machine's memory and cores.
 */
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  BuildArgsError,
  channelDistDir,
  chooseParallelism,
  ESTIMATED_BUILD_PEAK,
  MEMORY_RESERVE,
  parseBuildArgs,
  root,
} from '../../../scripts/host/build-cli.ts';

const GiB = 2 ** 30;

describe('parseBuildArgs', () => {
  it('builds CHANNEL (default "default") without arguments', () => {
    expect(parseBuildArgs([], {})).toEqual({ kind: 'one', channel: 'default' });
    expect(parseBuildArgs([], { CHANNEL: 'school' })).toEqual({ kind: 'one', channel: 'school' });
  });

  it('takes --channel NAME and --channel=NAME, over CHANNEL', () => {
    expect(parseBuildArgs(['--channel', 'school'], { CHANNEL: 'outlet' })).toEqual({ kind: 'one', channel: 'school' });
    expect(parseBuildArgs(['--channel=outlet'])).toEqual({ kind: 'one', channel: 'outlet' });
  });

  it('takes --all-channels', () => {
    expect(parseBuildArgs(['--all-channels'], { CHANNEL: 'school' })).toEqual({ kind: 'all' });
  });

  it('refuses a missing value, both modes, twice the channel, unknown flags and unsafe ids', () => {
    for (const argv of [
      ['--channel'],
      ['--channel='],
      ['--channel', '--all-channels'],
      ['--all-channels', '--channel', 'x'],
      ['--channel', 'a', '--channel', 'b'],
      ['--chanel', 'school'],
      ['school'],
      ['--channel', '../etc'],
      ['--channel', 'a/b'],
    ]) {
      expect(() => parseBuildArgs(argv), argv.join(' ')).toThrow(BuildArgsError);
    }
    expect(() => parseBuildArgs([], { CHANNEL: '../x' })).toThrow(/invalid channel id/);
  });
});

describe('channelDistDir', () => {
  it("is dist/<channel>/ unless SHOP_DIST_DIR names one build's own folder", () => {
    expect(channelDistDir('school')).toBe(path.join(root, 'dist', 'school'));
    expect(channelDistDir('default')).toBe(path.join(root, 'dist', 'default'));
    expect(channelDistDir('school', '.data/e2e-4456/dist')).toBe(path.join(root, '.data/e2e-4456/dist'));
    expect(() => channelDistDir('../x')).toThrow(BuildArgsError);
  });
});

describe('chooseParallelism', () => {
  const base = { channels: 3, cores: 2, totalMem: 24 * GiB, freeMem: 20 * GiB, peakBytes: 0.7 * GiB };

  it('is at most the core count and the channel count', () => {
    expect(chooseParallelism(base)).toBe(2);
    expect(chooseParallelism({ ...base, cores: 8 })).toBe(3);
    expect(chooseParallelism({ ...base, channels: 1, cores: 8 })).toBe(1);
  });

  it('fits the builds in free memory minus the reserve, each at its measured peak plus a quarter', () => {
    // 3 GiB free - 1 GiB reserve = 2 GiB; 0.7 GiB × 1.25 = 0.875 GiB a build → 2.
    expect(chooseParallelism({ ...base, cores: 8, freeMem: 3 * GiB })).toBe(2);
    // A heavier build: 1.2 × 1.25 = 1.5 GiB → 1.
    expect(chooseParallelism({ ...base, cores: 8, freeMem: 3 * GiB, peakBytes: 1.2 * GiB })).toBe(1);
    // Free memory above total (a misreading) counts as total.
    expect(chooseParallelism({ ...base, cores: 8, totalMem: 2.8 * GiB, freeMem: 50 * GiB })).toBe(2);
  });

  it('never goes below one, however tight the machine', () => {
    expect(chooseParallelism({ ...base, freeMem: 0.5 * GiB })).toBe(1);
    expect(chooseParallelism({ ...base, cores: 0 })).toBe(1);
  });

  it('uses the estimate when no build was measured yet', () => {
    const free = MEMORY_RESERVE + ESTIMATED_BUILD_PEAK * 1.25 * 2 + 1;
    expect(chooseParallelism({ ...base, cores: 8, freeMem: free, peakBytes: undefined })).toBe(2);
    expect(chooseParallelism({ ...base, cores: 8, freeMem: free - 2, peakBytes: 0 })).toBe(1);
  });
});
