// @vitest-environment jsdom
/**
 * The page after a runtime "channel does not exist" answer (spec 8): the header, content, footer and
 * islands give way to the invalid-channel layout with only the 404 text, taken from the template the
 * default layout renders with the theme's error screen.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { configureClient, request, resetClient } from '#api-client/core/http.ts';
import { setInvalidChannel } from '#api-client/core/state.ts';
import { INVALID_CHANNEL_TEMPLATE_ID, showInvalidChannelView } from '#api-client/site/invalid-channel-view.ts';
import { fakeFetch, json } from './fake-api.ts';

const page = (template: boolean) => `
  <a class="skip-link" href="#main">本文へスキップ</a>
  <header><nav><a href="/cart/">カート</a></nav></header>
  <main id="main"><h1>お問い合わせ</h1><form><input name="q"></form></main>
  <footer><a href="/law/">特定商取引法に基づく表記</a></footer>
  ${template ? `<template id="${INVALID_CHANNEL_TEMPLATE_ID}"><main id="main"><section class="error"><h1 id="error-title">404 Not Found</h1><p>お探しのページが見つかりませんでした。</p></section></main></template>` : ''}`;

function expectOnly404(doc: Document): void {
  expect(doc.title).toBe('404 Not Found');
  expect(doc.querySelectorAll('header, footer, nav, a, form, template')).toHaveLength(0);
  expect(doc.querySelectorAll('main')).toHaveLength(1);
  expect(doc.querySelector('h1')?.textContent).toBe('404 Not Found');
  expect(doc.body.textContent?.replace(/\s+/g, '')).toBe('404NotFoundお探しのページが見つかりませんでした。');
}

beforeEach(() => {
  document.title = 'お問い合わせ | ショップ';
  resetClient();
  setInvalidChannel(false);
});
afterEach(() => resetClient());

describe('invalid-channel view (spec 8)', () => {
  it("replaces the page with the layout's template: only the 404 text, no header, footer, links or forms", () => {
    document.body.innerHTML = page(true);
    showInvalidChannelView();
    expectOnly404(document);
    expect(document.querySelector('section.error')).not.toBeNull();
  });

  it('a plain 404 or another error leaves the page as it is', async () => {
    document.body.innerHTML = page(true);
    configureClient({
      baseUrl: 'http://api.test',
      channelId: 'default',
      fetch: fakeFetch(() => json({ message: '商品が見つかりません。', code: 'common.not_found' }, 404)).fetch,
    });
    await expect(request('GET', '/v1/products/nope')).rejects.toMatchObject({ status: 404, handled: false });
    expect(document.querySelector('header')).not.toBeNull();
    expect(document.title).toBe('お問い合わせ | ショップ');
  });

  it('an island\'s API call answered "channel does not exist" switches the page in the browser', async () => {
    document.body.innerHTML = page(true);
    const api = fakeFetch(() => json({ message: 'The channel does not exist.', code: 'channel.not_exists' }, 404));
    // Only the transport is replaced: what runs after the answer is the client's own code.
    configureClient({ baseUrl: 'http://api.test', channelId: 'gone', fetch: api.fetch });
    await expect(request('GET', '/v1/inquiry-categories')).rejects.toMatchObject({ status: 404, handled: true });
    expectOnly404(document);
  });
});
