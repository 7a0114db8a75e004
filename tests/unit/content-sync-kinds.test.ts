/**
 * content-sync's issue-10 kinds (FAQ, stylists, landing pages, popups, catalogues, categories): pulled
 * into the snapshot sanitised, one manifest id per item (`qa:<id>`, `stylist:<key>`, `lp:<key>`, …)
 * so a rebuild knows which pages changed; an API without a kind (404) gives an empty list. And the
 * pure views the pages use: the FAQ grouping, the landing pages' URLs, the sitemap sections.
 */
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Catalog } from '#contracts/catalog-order.ts';
import type { LandingPage, Popup, Qa, QaCategory, Stylist } from '#contracts/content.ts';
import type { CategoryNode } from '#contracts/products.ts';
import type { FrontSettings } from '#contracts/settings.ts';
import { suggestedName } from '#scripts/banner-download.ts';
import { chooseNext, parseSeen, popupAllowedOn } from '#scripts/popup-once.ts';
import { clearSnapshotCache, loadSnapshot } from '../../content-sync/snapshot.ts';
import { syncContent } from '../../content-sync/sync.ts';
import { groupFaq, servedLandingPages, sitemapSections } from '../../content-sync/views.ts';

const cats: QaCategory[] = [
  { id: 1, name: 'ご注文について' },
  { id: 2, name: 'お届けについて' },
  { id: 3, name: '空のカテゴリ' },
];
const qa = (id: number, cat: QaCategory, answer = '<p>回答</p>'): Qa => ({ id, question: `質問${id}`, answer, qa_category: cat });
const lp = (key: string): LandingPage => ({
  id: key.length,
  key,
  title: `特集 ${key}`,
  body: '<p>本文</p>',
  updated_at: '2026-04-01T00:00:00Z',
});

const settings: FrontSettings = {
  'SITE.NAME': 'テストショップ',
  'SITE.NAMESPACE': 'test',
  'SITE.CHANNEL_PREFIX': '',
  'SITE.NO_MEMBER_USE': false,
  'SITE.STORAGE_URL': '',
  'SITE.BREAKPOINT.SCREEN-SM': 576,
  'SITE.BREAKPOINT.SCREEN-MD': 992,
  'ORDER.SHIPPING.IS_ALLOW_MULTIPLE': false,
  'CART.POPUP_COMPONENT': 'toast',
  'PLUGIN.VERIFY_EMAIL_WHEN_LOGIN_AT_THE_FIRST_TIME.IS_USE': false,
  'PLUGIN.TEMPORARY_STOP_SELLING.IS_USE': false,
  'PLUGIN.TEMPORARY_STOP_SELLING.SELLING': true,
  THEME: 'default',
  TAG_MANAGER_ID: '',
  PURCHASE_VALUE_WITHOUT_TAX: false,
  'ORDER.DELIVERY_LEAD_TIME': '3営業日以内に発送します。',
  'ORDER.RETURN_POLICY': '到着後8日以内',
  'ORDER.RETURN_POLICY_FOOD': '食品は返品不可',
};

class FakeApi {
  qas: Qa[] = [qa(1, cats[0], '<p onclick="x()">回答<script>alert(1)</script></p>'), qa(2, cats[1]), qa(3, cats[0])];
  stylists: Stylist[] = [{ id: 1, key: 'aoi', name: '水野 葵', profile: '<p>プロフィール<img src="x" onerror="y()"></p>', image: null }];
  lps: LandingPage[] = [lp('linen-life')];
  popups: Popup[] = [{ id: 5, title: '休業のお知らせ', body: '<p>お休み</p>', is_show: true }];
  catalogs: Catalog[] = [{ id: 1, name: '春夏カタログ', image: null, pages: ['/images/catalog/a-01.svg', '/images/catalog/a-02.svg'] }];
  categories: CategoryNode[] = [
    { id: 1, key: 'tops', name: 'トップス', children: [{ id: 2, key: 'shirts', name: 'シャツ', children: [] }] },
  ];
  /** Paths answered 404, as by a backend without that content kind. */
  missing = new Set<string>();

  fetch = async (input: string): Promise<Response> => {
    const p = new URL(input).pathname;
    const json = (body: unknown) =>
      Response.json(body, { headers: { 'x-total': '1', 'x-per-page': '50', 'x-last-page': '1', 'x-current-page': '1' } });
    if (this.missing.has(p)) return Response.json({ message: 'Not Found' }, { status: 404 });
    const table: Record<string, unknown> = {
      '/v1/blogs': [],
      '/v1/news': [],
      '/v1/makers': [],
      '/v1/brands': [],
      '/v1/static-pages/urls': [],
      '/v1/qas': this.qas,
      '/v1/qa-categories': cats,
      '/v1/stylists': this.stylists,
      '/v1/lp': this.lps,
      '/v1/popups': this.popups,
      '/v1/catalog': this.catalogs,
      '/v1/categories/hierarchy': this.categories,
    };
    return p in table ? json(table[p]) : Response.json({ message: 'not found' }, { status: 404 });
  };
}

let dir: string;
let api: FakeApi;
beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'content-kinds-'));
  api = new FakeApi();
  clearSnapshotCache();
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('syncContent: issue 10 kinds', () => {
  // The front settings are required by the sync; the fake answers them too.
  const withSettings = (fake: FakeApi) => async (input: string) =>
    new URL(input).pathname === '/v1/settings/front' ? Response.json(settings) : fake.fetch(input);
  const sync = () =>
    syncContent({
      apiBaseUrl: 'http://api.test',
      channel: 'default',
      outDir: dir,
      fetch: withSettings(api),
      now: () => new Date('2026-04-01T00:00:00Z'),
    });

  it('writes each kind sanitised and gives each item a manifest id', async () => {
    const { changed } = await sync();
    for (const id of [
      'qa:1',
      'qa:2',
      'qa:3',
      'qa-category:1',
      'qa-category:3',
      'stylist:aoi',
      'lp:linen-life',
      'popup:5',
      'catalog:1',
      'category:tops',
    ]) {
      expect(changed, id).toContain(id);
    }
    const snap = loadSnapshot('default', dir);
    expect(snap.qas[0].answer).not.toMatch(/script|onclick/);
    expect(snap.stylists[0].profile).not.toMatch(/onerror/);
    expect(snap.catalogs[0].pages).toHaveLength(2);
    const manifest = JSON.parse(await readFile(path.join(dir, 'default', 'manifest.json'), 'utf8')) as { items: Record<string, string> };
    expect(Object.keys(manifest.items)).toContain('lp:linen-life');
  });

  it('reports only the edited item on the next sync', async () => {
    await sync();
    api.lps = [{ ...api.lps[0], body: '<p>書き換え</p>' }];
    api.popups = [];
    expect((await sync()).changed).toEqual(['lp:linen-life', 'popup:5']);
  });

  it('a kind the API does not offer (404) is an empty list; other failures fail the sync', async () => {
    api.missing.add('/v1/stylists');
    await sync();
    expect(loadSnapshot('default', dir).stylists).toEqual([]);
    clearSnapshotCache();
    const failing = async (input: string) =>
      new URL(input).pathname === '/v1/qas' ? Response.json({ message: 'x' }, { status: 500 }) : withSettings(api)(input);
    await expect(syncContent({ apiBaseUrl: 'http://api.test', channel: 'default', outDir: dir, fetch: failing })).rejects.toThrow(/500/);
  });
});

describe('views', () => {
  it('groups the FAQ by category in category order, leaving out empty categories', () => {
    const groups = groupFaq(cats, [qa(1, cats[1]), qa(2, cats[0]), qa(3, cats[1])]);
    expect(groups.map((g) => [g.category.name, g.items.map((i) => i.id)])).toEqual([
      ['ご注文について', [2]],
      ['お届けについて', [1, 3]],
    ]);
  });

  it('serves a landing page at /{key}/ unless a route or a static page has that URL', () => {
    const served = servedLandingPages([lp('linen-life'), lp('faq'), lp('law'), lp('bad key'), lp('News')], ['/law/']);
    expect(served.map((p) => p.key)).toEqual(['linen-life']);
  });

  it('the sitemap nests categories and lists landing pages and static pages', () => {
    const snap = loadSnapshot('none', dir);
    const sections = sitemapSections({
      ...snap,
      categories: new FakeApi().categories,
      landingPages: [lp('linen-life')],
      pages: [{ url: '/law/', title: '特定商取引法に基づく表記', body: '' }],
    });
    const byHeading = Object.fromEntries(sections.map((s) => [s.heading, s.links]));
    expect(byHeading['商品カテゴリ']).toEqual([
      { href: '/product/?category=tops&child=1', label: 'トップス', depth: 0 },
      { href: '/product/?category=shirts&child=1', label: 'シャツ', depth: 1 },
    ]);
    expect(byHeading['特集']).toEqual([{ href: '/linen-life/', label: '特集 linen-life', depth: 0 }]);
    expect(byHeading['ご利用案内'].map((l) => l.href)).toEqual(['/faq/', '/law/', '/contact/', '/sitemap/']);
  });

  it('the sitemap leaves out a fixed route the storefront has not built', () => {
    const sections = sitemapSections(
      { ...loadSnapshot('none', dir), pages: [{ url: '/law/', title: '特定商取引法に基づく表記', body: '' }] },
      (route) => route !== '/contact/',
    );
    const hrefs = sections.flatMap((s) => s.links.map((l) => l.href));
    expect(hrefs).not.toContain('/contact/');
    expect(hrefs).toContain('/law/');
  });
});

describe('browser helpers', () => {
  it('reads the seen popups defensively', () => {
    expect(parseSeen('[1,2]')).toEqual([1, 2]);
    expect(parseSeen('["1",2.5,3]')).toEqual([3]);
    expect(parseSeen('{')).toEqual([]);
    expect(parseSeen(null)).toEqual([]);
  });

  it('picks the first popup not seen yet, and stays quiet where a shopper is busy', () => {
    const a = { id: 1, title: 'A', body: '<p>a</p>' };
    const b = { id: 2, title: 'B', body: '<p>b</p>' };
    expect(chooseNext([a, b], [])).toBe(a);
    expect(chooseNext([a, b], [1])).toBe(b);
    expect(chooseNext([a, b], [2, 1])).toBeNull();
    expect(chooseNext([{ id: 'x', title: 1, body: null } as unknown as typeof a], [])).toBeNull();
    for (const path of ['/', '/news/', '/blog/x/', '/product/', '/faq/', '/cartoon/']) expect(popupAllowedOn(path)).toBe(true);
    for (const path of [
      '/cart/',
      '/cart/confirm/',
      '/mypage/',
      '/mypage/point/',
      '/admin/',
      '/login/',
      '/register/',
      '/contact/confirm/',
    ]) {
      expect(popupAllowedOn(path)).toBe(false);
    }
  });

  it('names a download from x-suggested-filename, safely', () => {
    expect(suggestedName(encodeURIComponent('冬のギフトガイド2026.svg'), 'f')).toBe('冬のギフトガイド2026.svg');
    expect(suggestedName(encodeURIComponent('../a/b.svg'), 'f')).toBe('.._a_b.svg');
    expect(suggestedName('%E0%A4%A', 'f')).toBe('f');
    expect(suggestedName(null, 'f')).toBe('f');
  });
});
