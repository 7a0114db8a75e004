/** The theme registry: every slot the spec names has a default, and a theme overrides only what it lists. */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { BASE_TOKENS, describeSlots, resolveTheme, themeManifestSchema, themeNameFor, themes, themeSlotsSchema } from '../../themes/registry.ts';

const root = path.resolve(import.meta.dirname, '../..');

describe('theme slot registry', () => {
  it('declares the header, footer and the product, cart, news, blog, maker and brand screens', () => {
    const slots = describeSlots().map((s) => s.slot);
    for (const required of ['Header', 'Footer', 'ProductList', 'ProductDetail', 'Cart', 'NewsList', 'NewsDetail', 'BlogList', 'BlogDetail', 'MakerList', 'MakerDetail', 'BrandList']) {
      expect(slots).toContain(required);
    }
  });

  it('gives every slot a default file in the default theme and a one-line description', () => {
    for (const { slot, default: file, description } of describeSlots()) {
      expect(file, slot).toMatch(/^themes\/default\/.+\.astro$/);
      expect(existsSync(path.join(root, file)), `${slot} → ${file}`).toBe(true);
      expect(description.length, slot).toBeGreaterThan(10);
      expect(description, slot).not.toContain('\n');
    }
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
    const changed = Object.keys(theme.slots).filter((k) => theme.slots[k as keyof typeof defaults] !== defaults[k as keyof typeof defaults]);
    expect(changed).toEqual(['Header']);
    expect(theme.tokens).toEqual([BASE_TOKENS, 'themes/outlet/tokens.css']);
  });

  it('every file a known theme points at exists', () => {
    for (const name of Object.keys(themes)) {
      const theme = resolveTheme(name);
      for (const file of [...Object.values(theme.slots), ...theme.tokens]) expect(existsSync(path.join(root, file)), `${name}: ${file}`).toBe(true);
    }
  });

  it('theme token files only set custom properties', () => {
    for (const name of Object.keys(themes)) {
      for (const file of resolveTheme(name).tokens) {
        const css = readFileSync(path.join(root, file), 'utf8').replace(/\/\*[\s\S]*?\*\//g, '');
        const declarations = css.replace(/:root\s*\{|\}/g, '').split(';').map((d) => d.trim()).filter(Boolean);
        for (const d of declarations) expect(d, `${file}: ${d}`).toMatch(/^--[a-z0-9-]+\s*:/);
      }
    }
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
