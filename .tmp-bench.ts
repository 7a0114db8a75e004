import { createTestShop } from './tests/api/helpers.ts';
const t0 = Date.now();
const shop = await createTestShop();
console.log('shop ready', Date.now() - t0, 'ms');
for (const path of ['/v1/products', '/v1/products?category=tops&child=1', '/v1/products?keyword=リネン', '/v1/products/wkn-0001-01', '/v1/settings/front']) {
  for (let i = 0; i < 20; i++) await shop.request('GET', path);
  const n = 200; const s = performance.now();
  for (let i = 0; i < n; i++) { const r = await shop.request('GET', path); await r.arrayBuffer(); }
  const ms = (performance.now() - s) / n;
  console.log(path, ms.toFixed(2), 'ms/req', (1000 / ms).toFixed(0), 'req/s');
}
await shop.close();
