/**
 * GET /admin/products/export.csv?q=&maker=&stock=&published=: the list's filters as a CSV download
 * (GET /admin/v1/products/export.csv, UTF-8 with BOM, the import's columns), streamed through as the
 * API answers it. More rows than an import takes: back to the list with the reason.
 */
import type { APIRoute } from 'astro';
import { requireArea } from '../_api.ts';
import { listQuery } from './_form.ts';

export const prerender = false;

export const GET: APIRoute = async (context) => {
  const session = await requireArea(context, 'stock');
  if (session instanceof Response) return session;
  const query = listQuery(context.url.searchParams);
  const res = await session.fetch(`/products/export.csv${query}`);
  if (res.status !== 200) {
    const body = (await res.json().catch(() => null)) as { code?: string } | null;
    const back = new URLSearchParams(query.slice(1));
    back.set('export', body?.code === 'stock_export.too_many' ? 'too_many' : 'failed');
    return new Response(null, { status: 303, headers: { Location: `/admin/products/?${back}`, 'Cache-Control': 'private, no-store' } });
  }
  const headers = new Headers({ 'Cache-Control': 'private, no-store', 'X-Robots-Tag': 'noindex' });
  for (const name of ['content-type', 'content-disposition']) {
    const value = res.headers.get(name);
    if (value) headers.set(name, value);
  }
  return new Response(res.body, { status: 200, headers });
};
