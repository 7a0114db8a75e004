/**
 * Product photographs through the image pipeline (issue 25 item 3), in Chromium: every product image
 * of the list and the product page is a <picture> (AVIF and WebP sources, a JPEG fallback) with width
 * and height set; the page's first product image loads at once with fetchpriority="high" and every
 * other one is lazy and decoded off the main thread; Chromium is served AVIF, immutable; and srcset
 * with sizes picks the smallest served width that covers the image on a 390 px phone (2×) and a
 * 1280 px screen (1×), with `sizes` matching the width the layout gives the image.
 */
import { expect, type Page, test } from '@playwright/test';

const VIEWPORTS = [
  { name: 'phone 390 px (2×)', viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, isMobile: true },
  { name: 'screen 1280 px (1×)', viewport: { width: 1280, height: 900 }, deviceScaleFactor: 1, isMobile: false },
];

interface ImageFacts {
  inPicture: boolean;
  sourceTypes: string[];
  width: string | null;
  height: string | null;
  loading: string | null;
  decoding: string | null;
  fetchpriority: string | null;
  currentSrc: string;
  complete: boolean;
  /** The rendered width in CSS pixels, and the width `sizes` names for this viewport. */
  rendered: number;
  sizesWidth: number;
  offered: number[];
}

/** What the page says about each product image under `selector`. */
function factsOf(page: Page, selector: string): Promise<ImageFacts[]> {
  return page.$$eval(selector, (imgs) =>
    (imgs as HTMLImageElement[]).map((img) => {
      const picture = img.parentElement?.tagName === 'PICTURE' ? img.parentElement : null;
      // The first (media, length) pair of sizes that matches, measured as a CSS width.
      const entries = (img.getAttribute('sizes') ?? '').split(',').map((s) => s.trim());
      const chosen = entries.find((e) => !e.startsWith('(') || matchMedia(e.slice(0, e.lastIndexOf(')') + 1)).matches) ?? '';
      const length = chosen.startsWith('(') ? chosen.slice(chosen.lastIndexOf(')') + 1).trim() : chosen;
      const probe = document.createElement('div');
      probe.style.width = length;
      document.body.append(probe);
      const sizesWidth = probe.getBoundingClientRect().width;
      probe.remove();
      return {
        inPicture: !!picture,
        sourceTypes: picture ? [...picture.querySelectorAll('source')].map((s) => s.type) : [],
        width: img.getAttribute('width'),
        height: img.getAttribute('height'),
        loading: img.getAttribute('loading'),
        decoding: img.getAttribute('decoding'),
        fetchpriority: img.getAttribute('fetchpriority'),
        currentSrc: img.currentSrc,
        complete: img.complete,
        rendered: img.getBoundingClientRect().width,
        sizesWidth,
        offered: img.srcset.split(',').map((c) => Number(c.trim().split(' ')[1]?.replace('w', ''))),
      };
    }),
  );
}

const widthOf = (url: string) => Number(/\/v1\/images\/[^/]+\/(\d+)/.exec(url)?.[1]);

for (const device of VIEWPORTS) {
  test.describe(device.name, () => {
    test.use({ viewport: device.viewport, deviceScaleFactor: device.deviceScaleFactor, isMobile: device.isMobile });

    test('the product list: pictures with sizes, the first image first, AVIF, the right width', async ({ page }) => {
      const images: { url: string; type: string; cache: string }[] = [];
      page.on('response', (res) => {
        if (res.url().includes('/v1/images/'))
          images.push({ url: res.url(), type: res.headers()['content-type'] ?? '', cache: res.headers()['cache-control'] ?? '' });
      });
      await page.goto('/product/');
      const cards = page.locator('main article img');
      await expect(cards.first()).toBeVisible();
      await expect.poll(() => cards.first().evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
      const facts = await factsOf(page, 'main article img');
      expect(facts.length).toBeGreaterThan(8);
      for (const f of facts) {
        expect(f.inPicture).toBe(true);
        expect(f.sourceTypes).toEqual(['image/avif', 'image/webp']);
        expect([f.width, f.height]).toEqual(['400', '400']);
      }
      const [first, ...rest] = facts;
      expect(first).toMatchObject({ loading: 'eager', fetchpriority: 'high' });
      for (const f of rest) expect(f).toMatchObject({ loading: 'lazy', decoding: 'async', fetchpriority: null });
      // Chromium takes AVIF, cached for good.
      const firstResponse = images.find((i) => i.url === first.currentSrc)!;
      expect(firstResponse.type).toBe('image/avif');
      expect(firstResponse.cache).toBe('public, max-age=31536000, immutable');
      // sizes is the width the layout gives the card (within a tenth), and srcset picks the smallest width that covers it.
      expect(Math.abs(first.sizesWidth - first.rendered) / first.rendered).toBeLessThan(0.1);
      const need = first.rendered * device.deviceScaleFactor;
      const chosen = widthOf(first.currentSrc);
      expect(chosen).toBe(first.offered.find((w) => w >= need) ?? Math.max(...first.offered));
      // Lazy images below the fold are not loaded before the shopper scrolls.
      const loaded = new Set(images.map((i) => i.url));
      expect(loaded.size).toBeLessThan(facts.length);
    });

    test('the product page: the main image first, thumbnails lazy, a thumbnail switches every source', async ({ page }) => {
      await page.goto('/product/');
      await page.locator('main article a').first().click();
      await page.waitForURL(/\/product\/[^/]+\/$/);
      const main = page.locator('[data-gallery-main]');
      await expect(main).toBeVisible();
      await expect.poll(() => main.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
      const [facts] = await factsOf(page, '[data-gallery-main]');
      expect(facts).toMatchObject({
        inPicture: true,
        sourceTypes: ['image/avif', 'image/webp'],
        width: '600',
        height: '600',
        loading: 'eager',
        fetchpriority: 'high',
      });
      expect(Math.abs(facts.sizesWidth - facts.rendered) / facts.rendered).toBeLessThan(0.15);
      expect(widthOf(facts.currentSrc)).toBe(facts.offered.find((w) => w >= facts.rendered * device.deviceScaleFactor) ?? 1200);
      const others = await factsOf(page, '.gallery-thumb img, [data-gallery-zoom]');
      expect(others.length).toBeGreaterThan(1);
      for (const f of others) expect(f).toMatchObject({ inPicture: true, loading: 'lazy', decoding: 'async', fetchpriority: null });
      // Only one image of the page asks for high priority.
      expect(await page.locator('img[fetchpriority="high"]').count()).toBe(1);

      const second = page.locator('[data-gallery-thumb]').nth(1);
      const id = await second.getAttribute('data-image-id');
      expect(id).toMatch(/^photo\d+-[a-z]+-detail-[0-9a-f]{6}\.jpg$/);
      const switched = page.waitForResponse((res) => res.url().includes(`/v1/images/${id}/`) && res.request().resourceType() === 'image');
      await second.click();
      const res = await switched;
      expect(res.headers()['content-type']).toBe('image/avif');
      await expect.poll(() => main.evaluate((img: HTMLImageElement) => img.currentSrc)).toContain(`/v1/images/${id}/`);
      const sources = await page.locator('.gallery-main source').evaluateAll((s) => (s as HTMLSourceElement[]).map((x) => x.srcset));
      for (const srcset of sources) expect(srcset).toContain(`/v1/images/${id}/`);
    });
  });
}
