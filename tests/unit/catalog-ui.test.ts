/**
 * The storefront's catalogue rules (issue 7): the product list URL carries every filter and the
 * sort (a reload or a shared link gives the same list), the search box's suggestion keys, the
 * colour/size choices of a product model, and the product JSON-LD.
 */
import { describe, expect, it } from 'vitest';
import type { Product, ProductVariant } from '#contracts/products.ts';
import { classifyFailure } from '#lib/page-loader.ts';
import { activeFilterNames, catalogHref, readCatalogFilters, readPrice, withFilters } from '#scripts/product-list-url.ts';
import { colourChoices, radioMove, sizeChoices } from '#scripts/product-variants.ts';
import { enterAction, moveActive, searchWord, shouldSuggest, suggestOptions } from '#scripts/search-combobox.ts';
import { jsonLdText, productJsonLd } from '#themes/default/components/product-json-ld.ts';

const read = (qs: string) => readCatalogFilters(new URLSearchParams(qs));

describe('product list URL', () => {
  it('reads every filter, the sort and the page from the URL', () => {
    expect(
      read('keyword=デニム&category=tops&maker=m1&brand=b1&price_min=1000&price_max=5000&in_stock=1&on_sale=1&sort=price_asc&page=2'),
    ).toEqual({
      page: 2,
      keyword: 'デニム',
      category: 'tops',
      maker: 'm1',
      brand: 'b1',
      price_min: 1000,
      price_max: 5000,
      in_stock: true,
      on_sale: true,
      sort: 'price_asc',
    });
  });

  it('drops an unknown sort, the default sort and unusable prices; swaps a reversed range', () => {
    expect(read('sort=cheapest').sort).toBeUndefined();
    expect(read('sort=new').sort).toBeUndefined();
    expect(read('sort=popular').sort).toBe('popular');
    expect(read('price_min=abc&price_max=-1')).toMatchObject({ price_min: undefined, price_max: undefined });
    expect(read('price_min=５,０００')).toMatchObject({ price_min: 5000 });
    expect(read('price_min=9000&price_max=1000')).toMatchObject({ price_min: 1000, price_max: 9000 });
    expect(readPrice('99999999999')).toBeUndefined();
    expect(read('in_stock=0').in_stock).toBeUndefined();
  });

  it('a control character in a filter is still the 404 page', () => {
    expect(() => read('keyword=%00')).toThrow();
    try {
      read('brand=a%0Ab');
    } catch (e) {
      expect(classifyFailure(e)).toBe('not-found');
    }
  });

  it('writes filters in a fixed order without blanks, page 1 or the default sort', () => {
    expect(catalogHref({})).toBe('/product/');
    expect(catalogHref({ sort: 'new', page: 1, keyword: '' })).toBe('/product/');
    expect(catalogHref({ page: 3, sort: 'price_desc', on_sale: true, keyword: 'デニム', category: 'tops', price_min: 0 })).toBe(
      `/product/?keyword=${encodeURIComponent('デニム')}&category=tops&price_min=0&on_sale=1&sort=price_desc&page=3`,
    );
  });

  it('round-trips: the URL built from the filters reads back as the same filters', () => {
    const filters = read('keyword=シャツ 白&brand=b2&price_max=8000&in_stock=1&sort=popular&page=4');
    expect(read(new URL(catalogHref(filters), 'http://x').search.slice(1))).toEqual(filters);
  });

  it('changing a filter or the sort goes back to page 1 and keeps the rest', () => {
    const filters = read('keyword=デニム&in_stock=1&page=3');
    expect(withFilters(filters, { sort: 'price_asc' })).toBe(`/product/?keyword=${encodeURIComponent('デニム')}&in_stock=1&sort=price_asc`);
    expect(withFilters(filters, { in_stock: undefined })).toBe(`/product/?keyword=${encodeURIComponent('デニム')}`);
    expect(activeFilterNames(read('keyword=x&brand=b&on_sale=1&sort=popular'))).toEqual(['brand', 'on_sale']);
  });
});

describe('search box suggestions', () => {
  const data = {
    words: ['デニム', 'デニムジャケット'],
    products: [{ key: 'p-1', name: 'デニムパンツ', image: '/img/1.svg', product_price_with_tax: 5500 }],
  };
  const options = suggestOptions(data);

  it('asks only from 2 characters, and never searches or posts a blank word', () => {
    expect(shouldSuggest('で')).toBe(false);
    expect(shouldSuggest(' で ')).toBe(false);
    expect(shouldSuggest('でに')).toBe(true);
    expect(searchWord('   ')).toBeNull();
    expect(searchWord('  デニム　 パンツ ')).toBe('デニム パンツ');
    expect(searchWord('\t')).toBeNull();
    expect(enterAction(-1, options, '  ')).toBeNull();
  });

  it('lists words (to the results page) before products (to their page)', () => {
    expect(options.map((o) => [o.kind, o.href])).toEqual([
      ['word', `/product/?keyword=${encodeURIComponent('デニム')}`],
      ['word', `/product/?keyword=${encodeURIComponent('デニムジャケット')}`],
      ['product', '/product/p-1/'],
    ]);
  });

  it('↓ and ↑ move through the options and wrap through the text field', () => {
    expect(moveActive(-1, 3, 'ArrowDown')).toBe(0);
    expect(moveActive(0, 3, 'ArrowDown')).toBe(1);
    expect(moveActive(2, 3, 'ArrowDown')).toBe(-1);
    expect(moveActive(-1, 3, 'ArrowUp')).toBe(2);
    expect(moveActive(0, 3, 'ArrowUp')).toBe(-1);
    expect(moveActive(1, 3, 'Home')).toBe(1);
    expect(moveActive(-1, 0, 'ArrowDown')).toBe(-1);
  });

  it('Enter follows the active option (a word is also the search word) or submits the typed word', () => {
    expect(enterAction(1, options, 'でに')).toEqual({ go: options[1].href, word: 'デニムジャケット' });
    expect(enterAction(2, options, 'でに')).toEqual({ go: '/product/p-1/', word: null });
    expect(enterAction(-1, options, ' でにむ ')).toEqual({ go: `/product/?keyword=${encodeURIComponent('でにむ')}`, word: 'でにむ' });
  });
});

const variant = (key: string, color: string | null, size: string | null, stock: ProductVariant['stock_status']): ProductVariant => ({
  id: key.length,
  key,
  name: key,
  product_price_with_tax: 3300,
  is_stock_available: stock !== 'out',
  color,
  color_code: color === '紺' ? '#1f2a44' : '#ffffff',
  size,
  image: `/img/${key}.svg`,
  stock_status: stock,
});

describe('colour and size choices', () => {
  const variants = [
    variant('navy-s', '紺', 'S', 'in_stock'),
    variant('navy-m', '紺', 'M', 'low'),
    variant('navy-l', '紺', 'L', 'out'),
    variant('white-s', '白', 'S', 'out'),
    variant('white-m', '白', 'M', 'in_stock'),
  ];

  it('one swatch per colour; another colour keeps the size when it has it in stock, else its first in stock', () => {
    const fromNavyM = colourChoices({ key: 'navy-m', color: '紺', size: 'M' }, variants);
    expect(fromNavyM).toEqual([
      { color: '紺', colorCode: '#1f2a44', key: 'navy-m', checked: true, stock: 'in_stock' },
      { color: '白', colorCode: '#ffffff', key: 'white-m', checked: false, stock: 'in_stock' },
    ]);
    expect(colourChoices({ key: 'navy-s', color: '紺', size: 'S' }, variants)[1].key).toBe('white-m');
  });

  it("sizes are the current colour's, each with its own stock", () => {
    expect(sizeChoices({ key: 'navy-m', color: '紺', size: 'M' }, variants)).toEqual([
      { size: 'S', key: 'navy-s', checked: false, stock: 'in_stock' },
      { size: 'M', key: 'navy-m', checked: true, stock: 'low' },
      { size: 'L', key: 'navy-l', checked: false, stock: 'out' },
    ]);
    expect(sizeChoices({ key: 'x', color: null, size: null }, [variant('a', null, null, 'in_stock')])).toEqual([]);
  });

  it('arrow keys move round a radio group', () => {
    expect(radioMove(0, 3, 'ArrowRight')).toBe(1);
    expect(radioMove(2, 3, 'ArrowDown')).toBe(0);
    expect(radioMove(0, 3, 'ArrowLeft')).toBe(2);
    expect(radioMove(1, 3, 'a')).toBe(1);
  });
});

describe('product JSON-LD', () => {
  const product = {
    id: 1,
    key: 'tee-navy-m',
    name: 'Tシャツ </script><script>alert(1)</script>',
    code: 'TS-001-NV-M',
    description: '綿100%\n\nやわらか',
    product_price: 3000,
    before_price: 4000,
    product_price_with_tax: 3300,
    tax_rate: 10,
    brand: { id: 1, key: 'b', name: 'ブランド' },
    maker: null,
    product_model: null,
    image: '/img/a.svg',
    images: ['/img/a.svg', '/img/b.svg'],
    is_stock_available: true,
    is_favorite: false,
    created_at: '2026-01-01T00:00:00Z',
    color: '紺',
    color_code: '#1f2a44',
    size: 'M',
    stock_status: 'low',
    discount_rate: 25,
    review_avg: 4.3,
    review_count: 12,
    embroiderable: false,
  } satisfies Product;

  it('names the product, its images, sku, offer in JPY with availability, and the rating when reviewed', () => {
    const ld = productJsonLd(product, new URL('https://shop.example/product/tee-navy-m/?review_page=2'));
    expect(ld).toMatchObject({
      '@type': 'Product',
      sku: 'TS-001-NV-M',
      image: ['https://shop.example/img/a.svg', 'https://shop.example/img/b.svg'],
      offers: {
        '@type': 'Offer',
        price: 3300,
        priceCurrency: 'JPY',
        availability: 'https://schema.org/LimitedAvailability',
        url: 'https://shop.example/product/tee-navy-m/',
      },
      aggregateRating: { ratingValue: 4.3, reviewCount: 12 },
    });
    expect(
      productJsonLd({ ...product, review_count: 0, review_avg: null }, new URL('https://shop.example/')).aggregateRating,
    ).toBeUndefined();
  });

  it('cannot close its script tag', () => {
    const text = jsonLdText(productJsonLd(product, new URL('https://shop.example/')));
    expect(text).not.toContain('</script');
    expect(JSON.parse(text).name).toBe(product.name);
  });
});
