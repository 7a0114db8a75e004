import { beforeEach, describe, expect, it } from 'vitest';
import { getProduct, listProducts, productQueryParams } from '#api-client/catalog/products.ts';
import { configureClient, resetClient } from '#api-client/core/http.ts';
import { fakeFetch, json, memoryTokens } from './fake-api.ts';
import { product } from './fixtures.ts';

beforeEach(() => resetClient());

describe('product calls', () => {
  it('a product-list search with a category adds the child flag (spec 5)', () => {
    expect(productQueryParams({ category: 'tops' })).toMatchObject({ category: 'tops', child: true });
    expect(productQueryParams({ category: 'tops', child: false })).toMatchObject({ child: false });
    expect(productQueryParams({ maker: 'm' }).child).toBeUndefined();
  });

  it('drops a keyword that is blank after trimming', () => {
    expect(productQueryParams({ keyword: '  ' }).keyword).toBeUndefined();
    expect(productQueryParams({ keyword: ' シャツ ' }).keyword).toBe('シャツ');
  });

  it('lists products with pagination (15 per page by default)', async () => {
    const api = fakeFetch(() =>
      json([product(1)], 200, { 'x-total': '301', 'x-per-page': '15', 'x-last-page': '21', 'x-current-page': '1' }),
    );
    configureClient({ baseUrl: '', fetch: api.fetch, tokens: memoryTokens() });
    const res = await listProducts({ category: 'tops', sort: 'price_asc' });
    expect(res.pagination).toEqual({ total: 301, per: 15, last: 21, current: 1 });
    expect(api.calls[0].url).toBe('/v1/products?category=tops&child=1&sort=price_asc');
  });

  it('gets one product by key (URL-encoded)', async () => {
    const api = fakeFetch(() => json(product(1)));
    configureClient({ baseUrl: '', fetch: api.fetch, tokens: memoryTokens() });
    expect((await getProduct('a b')).id).toBe(1);
    expect(api.calls[0].url).toBe('/v1/products/a%20b');
  });
});
