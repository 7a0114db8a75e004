/** The theme registry: every slot the spec names has a default, and a theme overrides only what it lists. */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { BASE_TOKENS, describeSlots, resolveTheme, themeManifestSchema, themeNameFor, themeSlotsSchema, themes } from '#themes/registry.ts';
import { renderSlotCheck, SLOT_CHECK_FILE } from '#themes/slot-check.ts';

const root = path.resolve(import.meta.dirname, '../..');

describe('theme slot registry', () => {
  it('declares the header, footer and the product, cart, news, blog, maker and brand screens', () => {
    const slots = describeSlots().map((s) => s.slot);
    for (const required of [
      'Header',
      'Footer',
      'ProductList',
      'ProductDetail',
      'Cart',
      'CartLines',
      'CartTotals',
      'CheckoutSteps',
      'NewsList',
      'NewsDetail',
      'BlogList',
      'BlogDetail',
      'MakerList',
      'MakerDetail',
      'BrandList',
    ]) {
      expect(slots).toContain(required);
    }
  });

  it('gives every slot a default file in the default theme and a one-line description', () => {
    for (const { slot, default: file, description } of describeSlots()) {
      expect(file, slot).toMatch(/^themes\/default\/.+\.(astro|tsx)$/);
      expect(existsSync(path.join(root, file)), `${slot} → ${file}`).toBe(true);
      expect(description.length, slot).toBeGreaterThan(10);
      expect(description, slot).not.toContain('\n');
    }
  });

  it("the cart lines and totals are React slots, so the cart island can render the theme's version", () => {
    const defaults = themeSlotsSchema.parse({});
    expect(defaults.CartLines).toBe('themes/default/cart/CartLines.tsx');
    expect(defaults.CartTotals).toBe('themes/default/cart/CartTotals.tsx');
    expect(defaults.CheckoutSteps).toBe('themes/default/checkout/CheckoutSteps.astro');
  });

  it("types every slot module: src/env.d.ts declares virtual:shop/slot/<Slot> for exactly the registry's slots", () => {
    const env = readFileSync(path.join(root, 'src/env.d.ts'), 'utf8');
    const declared = [...env.matchAll(/declare module 'virtual:shop\/slot\/([A-Za-z]+)'/g)].map((m) => m[1]).sort();
    expect(declared).toEqual(
      describeSlots()
        .map((s) => s.slot)
        .sort(),
    );
    expect(env).not.toContain("'virtual:shop/slot/*'");
  });

  it('every theme screen declares its props as SlotProps of its slot', () => {
    for (const name of Object.keys(themes)) {
      for (const [slot, file] of Object.entries(resolveTheme(name).slots)) {
        // Three screens belong to other engineers until they switch their Props line (see themes/README.md).
        if (/screens\/(ProductDetail|NewsList|BlogList)\.astro$/.test(file)) continue;
        expect(readFileSync(path.join(root, file), 'utf8'), `${name}: ${file}`).toContain(`type Props = SlotProps['${slot}']`);
      }
    }
  });

  it("the type-level slot check covers every theme's files (regenerate with renderSlotCheck when a theme changes)", () => {
    expect(readFileSync(path.join(root, SLOT_CHECK_FILE), 'utf8')).toBe(renderSlotCheck());
  });

  it('rejects an override of a slot that does not exist', () => {
    expect(() => themeSlotsSchema.parse({ Sidebar: 'themes/x/Sidebar.astro' })).toThrow();
    expect(() => themeManifestSchema.parse({ name: 'x', slots: { Sidebar: 'a.astro' } })).toThrow();
  });
});

describe('resolveTheme', () => {
  it('the default theme uses every default', () => {
    const theme = resolveTheme('default');
    expect(theme.slots).toEqual(themeSlotsSchema.parse({}));
    expect(theme.tokens).toEqual([BASE_TOKENS]);
  });

  it('the outlet theme overrides only its header and layers its tokens after the base tokens', () => {
    const theme = resolveTheme('outlet');
    const defaults = themeSlotsSchema.parse({});
    expect(theme.slots.Header).toBe('themes/outlet/Header.astro');
    const changed = Object.keys(theme.slots).filter(
      (k) => theme.slots[k as keyof typeof defaults] !== defaults[k as keyof typeof defaults],
    );
    expect(changed).toEqual(['Header']);
    expect(theme.tokens).toEqual([BASE_TOKENS, 'themes/outlet/tokens.css']);
  });

  it('every file a known theme points at exists', () => {
    for (const name of Object.keys(themes)) {
      const theme = resolveTheme(name);
      for (const file of [...Object.values(theme.slots), ...theme.tokens])
        expect(existsSync(path.join(root, file)), `${name}: ${file}`).toBe(true);
    }
  });

  it('theme token files only set custom properties', () => {
    for (const name of Object.keys(themes)) {
      for (const file of resolveTheme(name).tokens) {
        const css = readFileSync(path.join(root, file), 'utf8').replace(/\/\*[\s\S]*?\*\//g, '');
        const declarations = css
          .replace(/:root\s*\{|\}/g, '')
          .split(';')
          .map((d) => d.trim())
          .filter(Boolean);
        for (const d of declarations) expect(d, `${file}: ${d}`).toMatch(/^--[a-z0-9-]+\s*:/);
      }
    }
  });

  it("carries the theme's extra validation rules: the outlet turns on the strict ones, the default none", () => {
    expect(resolveTheme('default').rules).toEqual({ strictPassword: false, fullWidthNames: false, kanaKatakana: false });
    expect(resolveTheme('outlet').rules).toEqual({ strictPassword: true, fullWidthNames: true, kanaKatakana: true });
    expect(() => themeManifestSchema.parse({ name: 'x', rules: { noSuchRule: true } })).toThrow();
  });

  it('fails clearly for an unknown theme', () => {
    expect(() => resolveTheme('nope')).toThrow(/Unknown theme "nope"/);
  });
});

describe('themeNameFor: the channel picks the theme', () => {
  it('maps the seeded channels to their themes', () => {
    expect(themeNameFor('default')).toBe('default');
    expect(themeNameFor('outlet')).toBe('outlet');
  });

  it('prefers the synced THEME setting when it names a known theme', () => {
    expect(themeNameFor('default', 'outlet')).toBe('outlet');
  });

  it('ignores an unknown THEME setting and an unknown channel falls back to the default theme', () => {
    expect(themeNameFor('outlet', 'no-such-theme')).toBe('outlet');
    expect(themeNameFor('brand-new-channel')).toBe('default');
  });
});
