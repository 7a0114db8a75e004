import { createTestShop } from './tests/api/helpers.ts';
const t0 = Date.now();
const shop = await createTestShop();
console.log('shop', Date.now() - t0);
for (const p of ['/v1/products?per=3', '/v1/products?per=abc', '/v1/products?page=0', '/v1/products?category=food&child=1&per=2&sort=price_desc', '/v1/products/wkn-0001-01', '/v1/categories/hierarchy', '/v1/settings/front', '/public.json', '/v1/static-pages/url/law/', '/v1/blogs?per=2', '/v1/qas?per=2', '/v1/colorschemes/selected/front', '/v1/banners?area[]=top_main&is_show=1']) {
  const r = await shop.request('GET', p);
  const h = ['x-total','x-per-page','x-last-page','x-current-page'].map(k => r.headers.get(k)).join(',');
  console.log(p, r.status, h, (await r.text()).slice(0, 600));
}
const r = await shop.request('GET', '/v1/products', { channel: 'nope' }); console.log(r.status, await r.text());
const r2 = await shop.request('GET', '/v1/products?per=1', { channel: null }); console.log(r2.status, r2.headers.get('x-total'));
await shop.close();
