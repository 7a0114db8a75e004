/**
 * contracts/zod.ts: in a browser (a `document` exists when it is first evaluated) zod's JIT is off
 * before any schema is made, so no `new Function` probe trips the CSP; under Node it stays on.
 */
import { describe, expect, it, vi } from 'vitest';

describe('contracts/zod.ts', () => {
  it('leaves the JIT on where there is no document (the API, SSR)', async () => {
    vi.resetModules();
    const { z } = await import('#contracts/zod.ts');
    expect(z.config().jitless ?? false).toBe(false);
  });

  it('turns the JIT off in a browser, and schemas then parse without compiling', async () => {
    vi.resetModules();
    vi.stubGlobal('document', {});
    const probe = vi.spyOn(globalThis, 'Function');
    try {
      const { z } = await import('#contracts/zod.ts');
      expect(z.config().jitless).toBe(true);
      const schema = z.object({ a: z.string(), b: z.number() });
      expect(schema.parse({ a: 'x', b: 1 })).toEqual({ a: 'x', b: 1 });
      expect(probe).not.toHaveBeenCalled();
    } finally {
      probe.mockRestore();
      vi.unstubAllGlobals();
      const { z } = await import('zod');
      z.config({ jitless: false });
    }
  });
});
