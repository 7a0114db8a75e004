/**
 * News and blog lists in a real browser (spec 9: 10 per page): page 1 holds the 10 newest, the rest
 * are on /news/page/2/ …, reached with the 次へ / 前へ and numbered links; an unknown page number is
 * the 404 page. The pre-rendered guide and 特定商取引法 pages state the settings' terms. Uses its own
 * port (E2E_PORT=4444) and therefore its own database and build.
 */
import { type APIRequestContext, expect, type Locator, type Page, test } from '@playwright/test';

const apiHeaders = { 'X-Channel-Id': 'default', 'X-Requested-With': 'XMLHttpRequest' };
const PER_PAGE = 10;

async function allTitles(request: APIRequestContext, path: string): Promise<string[]> {
  const res = await request.get(`${path}?per=all`, { headers: apiHeaders });
  expect(res.status(), `GET ${path}`).toBe(200);
  return ((await res.json()) as Array<{ title: string }>).map((item) => item.title);
}

interface ListCase {
  name: string;
  path: string;
  api: string;
  heading: string;
  navLabel: string;
  /** The item titles shown on the current page, in order. */
  titles: (page: Page) => Locator;
}

const lists: ListCase[] = [
  {
    name: 'news',
    path: '/news/',
    api: '/v1/news',
    heading: 'お知らせ',
    navLabel: 'お知らせのページ送り',
    titles: (page) => page.getByRole('main').getByRole('list').first().getByRole('link'),
  },
  {
    name: 'blog',
    path: '/blog/',
    api: '/v1/blogs',
    heading: 'ブログ',
    navLabel: 'ブログのページ送り',
    titles: (page) => page.getByRole('main').getByRole('heading', { level: 2 }),
  },
];

for (const list of lists) {
  test(`${list.name} list: the 10 newest on page 1, the rest on the next pages, with working page links`, async ({ page, request }) => {
    const titles = await allTitles(request, list.api);
    const lastPage = Math.ceil(titles.length / PER_PAGE);
    expect(lastPage, 'seeded items fill more than one page').toBeGreaterThan(1);

    // This visitor has seen the popups (a popup's heading would sit among the list's; content-screens.spec tests it).
    await page.addInitScript(() => sessionStorage.setItem('shop:popups-checked', '1'));
    await page.goto(list.path);
    await expect(page.getByRole('heading', { level: 1, name: list.heading })).toBeVisible();
    await expect(list.titles(page)).toHaveText(titles.slice(0, PER_PAGE));
    const nav = page.getByRole('navigation', { name: list.navLabel });
    await expect(nav.getByRole('link', { name: '1ページ目' })).toHaveAttribute('aria-current', 'page');
    await expect(nav.locator('a[rel="prev"]')).toHaveCount(0);

    for (let n = 2; n <= lastPage; n += 1) {
      await nav.getByRole('link', { name: '次へ' }).click();
      await expect(page).toHaveURL(new RegExp(`${list.path}page/${n}/$`));
      await expect(page).toHaveTitle(new RegExp(`${list.heading}（${n}ページ目）`));
      await expect(list.titles(page)).toHaveText(titles.slice((n - 1) * PER_PAGE, n * PER_PAGE));
      await expect(nav.getByRole('link', { name: `${n}ページ目` })).toHaveAttribute('aria-current', 'page');
      await expect(nav.locator('a[rel="prev"]')).toHaveAttribute('href', n === 2 ? list.path : `${list.path}page/${n - 1}/`);
    }
    await expect(nav.locator('a[rel="next"]'), 'no 次へ link on the last page').toHaveCount(0);

    await nav.getByRole('link', { name: '1ページ目' }).click();
    await expect(page).toHaveURL(new RegExp(`${list.path}$`));
    await expect(list.titles(page)).toHaveText(titles.slice(0, PER_PAGE));
  });

  test(`${list.name} list: an unknown page number is the 404 page`, async ({ page }) => {
    for (const missing of [`${list.path}page/999/`, `${list.path}page/1/`, `${list.path}page/abc/`]) {
      const res = await page.goto(missing);
      expect(res?.status(), missing).toBe(404);
      await expect(page.getByRole('heading', { name: '404 Not Found' })).toBeVisible();
      await expect(page.getByText('お探しのページが見つかりませんでした。')).toBeVisible();
    }
  });
}

test('the guide and the 特定商取引法 page show the terms of the settings and the 代金引換 fee, no placeholder', async ({
  page,
  request,
}) => {
  const settings = (await (await request.get('/v1/settings/front', { headers: apiHeaders })).json()) as Record<string, string>;
  const payments = (await (await request.get('/v1/payments', { headers: apiHeaders })).json()) as Array<{ code: string; fee: number }>;
  const codFee = `${payments.find((p) => p.code === 'cod')!.fee.toLocaleString('ja-JP')}円`;
  for (const path of ['/guide/', '/law/']) {
    await page.goto(path);
    const main = page.getByRole('main');
    for (const key of ['ORDER.DELIVERY_LEAD_TIME', 'ORDER.RETURN_POLICY', 'ORDER.RETURN_POLICY_FOOD']) {
      await expect(main, `${path} ${key}`).toContainText(settings[key]);
    }
    await expect(main).toContainText(`代引手数料${codFee}`);
    await expect(main).not.toContainText('{{');
  }
});
