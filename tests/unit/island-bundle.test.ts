/**
 * The cart and checkout pages' JavaScript budget (issue 5 §5: ≤ 80 KB gzipped) depends on what the
 * browser-side modules import. These guards keep the heavy or page-wide pieces out of them: the whole
 * `paths` table (an object literal is bundled whole, and one island using it put it in the chunk every
 * island shares) and dynamic import(), which makes Vite add its preload helper to the first load.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOTS = ['islands', 'themes/default/cart', 'src/stores', 'src/api-client', 'src/scripts'];

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return files(full);
    return /\.(ts|tsx)$/.test(name) ? [full] : [];
  });
}

const browserFiles = ROOTS.flatMap(files);

describe('browser-side modules', () => {
  it('import single routes from src/lib/routes.ts, never the paths table', () => {
    const offenders = browserFiles.filter((f) =>
      /import\s*\{[^}]*\bpaths\b[^}]*\}\s*from\s*'[^']*lib\/routes\.ts'/.test(readFileSync(f, 'utf8')),
    );
    expect(offenders).toEqual([]);
  });
  it('never reach the my-page-only routes through src/lib/routes.ts (it sits in the chunk every checkout page loads)', () => {
    // Even a re-export or an unused import there makes that chunk import src/lib/mypage-routes.ts's chunk.
    expect(readFileSync(path.join('src', 'lib', 'routes.ts'), 'utf8')).not.toMatch(/['"]\.\/mypage-routes\.ts['"]/);
  });
  it('use no dynamic import() (it would add the preload helper to every page loading them)', () => {
    // The product page's scripts load the API client only to refresh an expired login
    // (src/scripts/discovery/api.ts): that page has no island, so the helper costs it about 1 KB of its
    // 50 KB budget. The thanks page loads the guest's 「この内容で会員登録する」 form only for a guest purchase.
    // The address step loads the several-addresses form and the gift sender form only when chosen
    // (islands/common/Deferred.tsx): 3.9 KB saved against the helper's 0.9 KB (85.9 → 82.0 KB measured).
    // The add-to-cart script loads 「名入れ刺繍をする」 only on an embroiderable product's page (the
    // helper is already on that page for the refresh above, so it costs nothing more). A login loads the cart
    // store for the guest cart's merge only once it succeeded (src/stores/session-actions.ts): the login and
    // registration screens then skip the checkout chunk, 2.6 KB, against the helper's 0.7 (brotli). The order
    // detail on my page loads its cancel and receipt forms once the order is shown (Deferred): those forms
    // with their validation (useForm, account-form, FieldError) are about 3 KB brotli against the helper's 0.7.
    const allowed = new Set([
      path.join('src', 'stores', 'session-actions.ts'),
      path.join('src', 'scripts', 'discovery', 'api.ts'),
      path.join('src', 'scripts', 'add-to-cart.ts'),
      path.join('islands', 'checkout', 'Complete.tsx'),
      path.join('islands', 'checkout', 'ShippingSelect.tsx'),
      path.join('islands', 'checkout', 'SocialGiftChoice.tsx'),
      path.join('islands', 'mypage', 'OrderDetail.tsx'),
      // Login and registration send their form through islands/auth/login-calls.ts, loaded on the form's
      // first focus or submit; the guest start loads its call on its button; registration's thanks step
      // loads the resend part only for a member who still has to verify (issue 25: /login/ 76.6 → 74.5 KB).
      path.join('islands', 'auth', 'LoginForm.tsx'),
      path.join('islands', 'auth', 'RegisterForm.tsx'),
      path.join('islands', 'auth', 'RegisterComplete.tsx'),
      path.join('islands', 'checkout', 'GuestStart.tsx'),
    ]);
    const offenders = browserFiles.filter((f) => !allowed.has(f) && /(^|[^\w.])import\(\s*['"`]/m.test(readFileSync(f, 'utf8')));
    expect(offenders).toEqual([]);
  });
});
