/** Pieces the my-page discovery screens share: a paged loader, the page links and a product row. */
import type { ReactNode } from 'react';
import type { Paged } from '#api-client/mypage/discovery.ts';
import type { Pagination } from '#contracts/common.ts';
import type { Product } from '#contracts/products.ts';
import { formatYen } from '#lib/money.ts';
import { thumbnailOf } from '#lib/product-images.ts';
import { productDetailPath } from '#lib/routes.ts';
import { useCallback, useEffect, useState } from '../../common/react.ts';

/** ?page= as a positive integer (1 when absent or invalid). */
export function readPage(search: string): number {
  const n = Number.parseInt(new URLSearchParams(search).get('page') ?? '1', 10);
  return Number.isFinite(n) && n > 0 ? n : 1;
}

export const pageHref = (base: string, page: number) => (page > 1 ? `${base}?page=${page}` : base);

/** Loads one page (the URL's ?page=) and lets the screen change its items in place. */
export function usePaged<T>(load: (page: number) => Promise<Paged<T>>) {
  const [page] = useState(() => readPage(window.location.search));
  const [data, setData] = useState<Paged<T> | null>(null);
  const [error, setError] = useState<unknown>(null);
  const reload = useCallback(() => {
    load(page).then(setData, setError);
  }, [page]);
  useEffect(() => {
    let live = true;
    load(page).then(
      (d) => {
        if (live) setData(d);
      },
      (e: unknown) => {
        if (live) setError(e);
      },
    );
    return () => {
      live = false;
    };
  }, [page]);
  const update = (fn: (items: T[]) => T[]) => setData((d) => (d ? { ...d, items: fn(d.items) } : d));
  return { data, error, update, reload };
}

export function Pager({ pagination, base, label }: { pagination: Pagination; base: string; label: string }) {
  const { current, last } = pagination;
  if (last <= 1) return null;
  return (
    <nav aria-label={`${label}のページ送り`} className="actions" style={{ justifyContent: 'center' }}>
      {current > 1 && (
        <a className="btn" href={pageHref(base, current - 1)} rel="prev">
          前へ
        </a>
      )}
      <span className="muted">
        {current} / {last}
      </span>
      {current < last && (
        <a className="btn" href={pageHref(base, current + 1)} rel="next">
          次へ
        </a>
      )}
    </nav>
  );
}

/** The row image's src and 1×/2× srcset through the image pipeline. */
function thumbnailSrc(url: string) {
  const t = thumbnailOf(url, 80);
  return { src: t.src, srcSet: t.srcset };
}

/** A product in a my-page list: image, name (link), price with tax, stock mark, then the row's actions. */
export function ProductRow({ product, children, meta }: { product: Product; children?: ReactNode; meta?: ReactNode }) {
  return (
    <li className="panel discovery-row" style={{ display: 'flex', gap: '1rem', alignItems: 'center', flexWrap: 'wrap' }}>
      <img
        {...thumbnailSrc(product.image)}
        alt=""
        width={80}
        height={80}
        loading="lazy"
        decoding="async"
        style={{ objectFit: 'cover', borderRadius: '.25rem' }}
      />
      <div style={{ flex: '1 1 12rem' }}>
        {product.brand && (
          <p className="muted" style={{ margin: 0, fontSize: '.85rem' }}>
            {product.brand.name}
          </p>
        )}
        <p style={{ margin: 0 }}>
          <a href={productDetailPath(product.key)}>{product.name}</a>
        </p>
        <p style={{ margin: 0 }}>
          {formatYen(product.product_price_with_tax)}（税込）{!product.is_stock_available && <span className="muted"> 在庫切れ</span>}
        </p>
        {meta}
      </div>
      <div className="actions">{children}</div>
    </li>
  );
}
