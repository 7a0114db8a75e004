// @vitest-environment jsdom
/** GA4 page_view (spec 9 "tracking title check every 200 ms up to 1 s"), once per page load. */
import { afterEach, beforeEach, expect, it, vi } from 'vitest';

type Layer = Array<Record<string, unknown>>;
const layer = () => (window as unknown as { dataLayer?: Layer }).dataLayer ?? [];
const views = () => layer().filter((e) => e.event === 'page_view');

/** A fresh page load: the module's once-per-load flag starts unset. */
async function loadPage() {
  vi.resetModules();
  return import('#scripts/page-view.ts');
}

beforeEach(() => {
  delete (window as unknown as { dataLayer?: Layer }).dataLayer;
  document.title = '';
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

it('pushes page_view with the title at once when the page has one', async () => {
  const { pushPageView } = await loadPage();
  document.title = '商品一覧 | Maison Kiyora';
  await pushPageView();
  expect(views()).toEqual([{ event: 'page_view', page_title: '商品一覧 | Maison Kiyora', page_location: location.href }]);
});

it('waits for a title set later, checking every 200 ms', async () => {
  const { pushPageView } = await loadPage();
  const pushed = pushPageView();
  await vi.advanceTimersByTimeAsync(450);
  expect(views()).toEqual([]);
  document.title = 'カート';
  await vi.advanceTimersByTimeAsync(150); // the check at 600 ms
  await pushed;
  expect(views()).toMatchObject([{ page_title: 'カート' }]);
});

it('pushes after 1 s with an empty title when none ever comes', async () => {
  const { pushPageView } = await loadPage();
  const pushed = pushPageView();
  await vi.advanceTimersByTimeAsync(999);
  expect(views()).toEqual([]);
  await vi.advanceTimersByTimeAsync(1);
  await pushed;
  expect(views()).toMatchObject([{ page_title: '' }]);
});

it('pushes once per page load, however often it is called', async () => {
  const { pushPageView } = await loadPage();
  document.title = 'ホーム';
  await Promise.all([pushPageView(), pushPageView()]);
  await pushPageView();
  expect(views()).toHaveLength(1);
});

it('keeps what the page already pushed to the data layer', async () => {
  (window as unknown as { dataLayer: Layer }).dataLayer = [{ user_id: '7' }];
  const { pushPageView } = await loadPage();
  document.title = 'ホーム';
  await pushPageView();
  expect(layer()).toMatchObject([{ user_id: '7' }, { event: 'page_view', page_title: 'ホーム' }]);
});
