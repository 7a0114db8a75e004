/** The theme's loader and cursor (spec 9): spinners 0000–0013 (default 0011, 20, transparent, centred), cursors 0001–0003 (0001, 10, 0.1). */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { cursorStylesheet, LOADER_BASE, loaderCss, spinnerStylesheet } from '#themes/default/loaders/files.ts';
import { resolveTheme, themeCursorSchema, themeLoaderSchema, themeManifestSchema, themes } from '#themes/registry.ts';
import { CURSOR_IDS, SPINNER_IDS } from '#themes/theme-manifest.ts';

const root = path.resolve(import.meta.dirname, '../..');
const read = (file: string) => readFileSync(path.join(root, file), 'utf8');
const stripComments = (css: string) => css.replace(/\/\*[\s\S]*?\*\//g, '');

describe('loader choice', () => {
  it('defaults to spinner 0011, size 20, a transparent overlay, centred', () => {
    expect(themeLoaderSchema.parse({})).toEqual({ spinner: '0011', size: 20, overlay: 'transparent', position: 'center' });
    expect(themeManifestSchema.parse({ name: 'x' }).loader).toEqual({
      spinner: '0011',
      size: 20,
      overlay: 'transparent',
      position: 'center',
    });
  });

  it('accepts the spinners 0000–0013 and nothing else', () => {
    expect(SPINNER_IDS).toHaveLength(14);
    expect(SPINNER_IDS[0]).toBe('0000');
    expect(SPINNER_IDS.at(-1)).toBe('0013');
    for (const id of SPINNER_IDS) expect(themeLoaderSchema.parse({ spinner: id }).spinner).toBe(id);
    for (const bad of ['0014', '11', 'spinner', 11]) expect(() => themeLoaderSchema.parse({ spinner: bad })).toThrow();
    expect(() => themeLoaderSchema.parse({ overlay: 'blur' })).toThrow();
    expect(() => themeLoaderSchema.parse({ size: 0 })).toThrow();
    expect(() => themeLoaderSchema.parse({ speed: 2 })).toThrow();
  });

  it('has one stylesheet per spinner, each a different pure-CSS design with its own keyframes', () => {
    const designs = new Set<string>();
    for (const id of SPINNER_IDS) {
      const file = spinnerStylesheet(id);
      expect(existsSync(path.join(root, file)), file).toBe(true);
      const css = stripComments(read(file));
      expect(css, file).toMatch(new RegExp(`@keyframes sp${id}\\b`));
      expect(css, file).toMatch(new RegExp(`animation: sp${id}\\b`));
      expect(css, file).not.toMatch(/url\(|@import/);
      designs.add(css.replace(new RegExp(`sp${id}`, 'g'), ''));
    }
    expect(designs.size).toBe(14);
  });

  it('turns the size, overlay and position into custom properties', () => {
    expect(loaderCss({ spinner: '0011', size: 20, overlay: 'transparent', position: 'center' })).toBe(
      ':root{--loader-size:20px;--loader-overlay:transparent;--loader-align:center}',
    );
    expect(loaderCss({ spinner: '0002', size: 32, overlay: 'dark', position: 'top' })).toContain(
      '--loader-size:32px;--loader-overlay:rgb(0 0 0 / 0.35);--loader-align:start center',
    );
  });
});

describe('cursor choice', () => {
  it('is off unless the theme names one; size 10 and frame 0.1 by default', () => {
    expect(themeCursorSchema.parse({})).toEqual({ type: null, size: 10, frame: 0.1 });
    expect(themeCursorSchema.parse({ type: '0002' })).toEqual({ type: '0002', size: 10, frame: 0.1 });
    for (const bad of [{ type: '0004' }, { frame: 0 }, { frame: 1.5 }, { size: -1 }]) expect(() => themeCursorSchema.parse(bad)).toThrow();
    expect(CURSOR_IDS).toEqual(['0001', '0002', '0003']);
    for (const id of CURSOR_IDS) expect(existsSync(path.join(root, cursorStylesheet(id))), id).toBe(true);
  });
});

describe("the themes' choices", () => {
  it('the default theme uses the spec defaults: spinner 0011 and cursor 0001', () => {
    const theme = resolveTheme('default');
    expect(theme.loader).toEqual({ spinner: '0011', size: 20, overlay: 'transparent', position: 'center' });
    expect(theme.cursor).toEqual({ type: '0001', size: 10, frame: 0.1 });
    expect(theme.feedbackStyles).toEqual([LOADER_BASE, spinnerStylesheet('0011'), cursorStylesheet('0001')]);
  });

  it('the school theme picks its own spinner, and ships only that one stylesheet', () => {
    const theme = resolveTheme('school');
    expect(theme.loader.spinner).toBe('0002');
    expect(theme.loader.size).toBe(24);
    expect(theme.cursor.type).toBeNull();
    expect(theme.feedbackStyles).toEqual([LOADER_BASE, spinnerStylesheet('0002')]);
  });

  it('every stylesheet a theme loads exists', () => {
    for (const name of Object.keys(themes)) {
      for (const file of resolveTheme(name).feedbackStyles) expect(existsSync(path.join(root, file)), `${name}: ${file}`).toBe(true);
    }
  });
});
