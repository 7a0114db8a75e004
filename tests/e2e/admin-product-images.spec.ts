/**
 * A variant's photographs on /admin/products/{id}/images/ in a real browser, as the development staff
 * member: a JPEG made here is added with the file input, shown as a thumbnail the image pipeline
 * renders (it loads), made the main image, which the shop's product answer then names first, and
 * removed again; a file that is not an image is refused by the field; axe on the screen. The variant's
 * photographs are put back as found (API side: tests/api/admin-product-images.test.ts).
 */
import { type APIRequestContext, expect, request as newRequest, test } from '@playwright/test';
import sharp from 'sharp';
import { axeProblems } from './support/a11y.ts';
import { API_HEADERS, accountHeaders, logInToBackOffice, STAFF } from './support/editor.ts';

interface Variant {
  id: number;
  key: string;
  code: string;
  images: string[];
}

const staff = (request: APIRequestContext) => accountHeaders(request, STAFF);

/** A variant of a maker no other spec buys from, as the staff API lists it. */
async function someVariant(request: APIRequestContext): Promise<Variant> {
  const headers = await staff(request);
  const rows = (await (await request.get('/admin/v1/products?q=WKN-0002&published=1', { headers })).json()) as Variant[];
  expect(rows.length).toBeGreaterThan(0);
  return rows[0];
}

let touched: Variant | null = null;
test.afterEach(async ({ baseURL }) => {
  if (!touched) return;
  const request = await newRequest.newContext({ baseURL });
  try {
    const res = await request.put(`/admin/v1/products/${touched.id}/images`, {
      headers: await staff(request),
      data: { images: touched.images },
    });
    expect(res.status(), await res.text()).toBe(200);
  } finally {
    await request.dispose();
  }
});

test('add a photograph, make it the main image, remove it; a non-image is refused; axe-clean', async ({ page, request }) => {
  touched = await someVariant(request);
  const v = touched;
  await logInToBackOffice(page);
  await page.goto(`/admin/products/${v.id}/`);
  await page.getByRole('link', { name: `${v.code} の商品画像を編集` }).click();
  await expect(page.getByRole('heading', { level: 1, name: `${v.code} の商品画像` })).toBeVisible();
  expect(await axeProblems(page, 'product images')).toEqual([]);

  await page
    .getByLabel('画像ファイル')
    .setInputFiles({ name: 'memo.txt', mimeType: 'image/jpeg', buffer: Buffer.from('not an image at all') });
  await page.getByRole('button', { name: '追加する' }).click();
  await expect(page.locator('#file-error')).toHaveText(/JPEG・PNG・GIF・WebP/);
  await expect(page.getByLabel('画像ファイル')).toHaveAttribute('aria-invalid', 'true');

  const jpeg = await sharp({ create: { width: 1200, height: 1200, channels: 3, background: '#cc3344' } })
    .jpeg()
    .toBuffer();
  await page.getByLabel('画像ファイル').setInputFiles({ name: '赤.jpg', mimeType: 'image/jpeg', buffer: jpeg });
  await page.getByRole('button', { name: '追加する' }).click();
  await expect(page.getByRole('status')).toHaveText('画像を追加しました。');
  const count = v.images.length + 1;
  const items = page
    .getByRole('list')
    .filter({ has: page.getByRole('img') })
    .getByRole('listitem');
  await expect(items).toHaveCount(count);
  const last = items.nth(count - 1);
  // The thumbnail comes from the pipeline and really decodes in the browser.
  await expect.poll(() => last.getByRole('img').evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(0);

  await last.getByRole('button', { name: 'メイン画像にする' }).click();
  await expect(page.getByRole('status')).toHaveText('メイン画像を変更しました。');
  await expect(items.first()).toContainText('1枚目（メイン画像）');
  const answer = await (await request.get(`/v1/products/${v.key}`, { headers: API_HEADERS })).json();
  expect(answer.images).toHaveLength(count);
  expect(answer.images.slice(1)).toEqual(v.images);
  expect(answer.images[0]).toMatch(/^\/v1\/images\/[a-f0-9]{32}\.jpg$/);

  await items.first().getByRole('button', { name: '削除' }).click();
  await expect(page.getByRole('status')).toHaveText('画像を削除しました。');
  await expect(items).toHaveCount(v.images.length);
  expect(await axeProblems(page, 'product images after changes')).toEqual([]);
});
