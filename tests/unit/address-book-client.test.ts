/**
 * The address book's CSV calls in the client: the export's two answers (spec 8 "Address export": JSON
 * means the export is still being prepared, anything else is the file with its name), the import's
 * multipart body and its 422 errors turned into a list by line.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { addressImportErrors, dispositionFilename, exportAddressCsv, importAddressCsv } from '#api-client/account/address-book.ts';
import { ApiError } from '#api-client/core/errors.ts';
import { configureClient, resetClient } from '#api-client/core/http.ts';
import { fakeFetch, json, memoryTokens } from './fake-api.ts';
import { address } from './fixtures.ts';

beforeEach(() => resetClient());

describe('GET /v1/me/user-addresses/export', () => {
  it('a CSV answer is the file, named from Content-Disposition (filename* first)', async () => {
    const csv = '\uFEFF"姓"\r\n"山田"\r\n';
    const { fetch, calls } = fakeFetch(
      () =>
        new Response(csv, {
          status: 200,
          headers: {
            'content-type': 'text/csv; charset=utf-8',
            'content-disposition': `attachment; filename="addresses-20261125.csv"; filename*=UTF-8''${encodeURIComponent('お届け先_20261125.csv')}`,
          },
        }),
    );
    configureClient({ fetch, tokens: memoryTokens() });
    const result = await exportAddressCsv();
    expect(calls[0].url).toMatch(/\/v1\/me\/user-addresses\/export$/);
    expect(result.kind).toBe('file');
    if (result.kind !== 'file') return;
    expect(result.filename).toBe('お届け先_20261125.csv');
    // The bytes as sent, BOM included (Blob.text() would drop it).
    expect(new Uint8Array(await result.blob.arrayBuffer())).toEqual(new TextEncoder().encode(csv));
  });

  it('a JSON answer means the export is being prepared (its message kept)', async () => {
    configureClient({ fetch: fakeFetch(() => json({ message: '処理中です' })).fetch, tokens: memoryTokens() });
    expect(await exportAddressCsv()).toEqual({ kind: 'pending', message: '処理中です' });
    configureClient({ fetch: fakeFetch(() => json({ queued: true })).fetch, tokens: memoryTokens() });
    expect(await exportAddressCsv()).toEqual({ kind: 'pending', message: null });
  });

  it('reads file names from either form of the header', () => {
    expect(dispositionFilename('attachment; filename="a.csv"', 'x.csv')).toBe('a.csv');
    expect(dispositionFilename(null, 'x.csv')).toBe('x.csv');
    expect(dispositionFilename("attachment; filename*=UTF-8''%E4%BD%8F%E6%89%80.csv", 'x.csv')).toBe('住所.csv');
  });
});

describe('POST /v1/me/user-addresses/import', () => {
  it('sends the file as multipart under `file` and answers the count and the book', async () => {
    const { fetch, calls } = fakeFetch(() => json({ imported: 1, addresses: [address] }, 201));
    configureClient({ fetch, tokens: memoryTokens() });
    const file = new File(['姓,名\n'], 'a.csv', { type: 'text/csv' });
    expect(await importAddressCsv(file)).toEqual({ imported: 1, addresses: [address] });
    expect(calls[0].method).toBe('POST');
    expect(calls[0].body).toBeInstanceOf(FormData);
    expect((calls[0].body as FormData).get('file')).toBeInstanceOf(File);
    expect(calls[0].headers['Content-Type']).toBeUndefined();
  });

  it('a refused file rejects with the errors, listed by line with the file-wide ones first', async () => {
    const errors = {
      'line_10.postal_code': ['郵便番号は…'],
      line_3: ['列の数が…'],
      'line_3.name': ['お届け先名は…'],
      file: ['登録できる…'],
    };
    configureClient({
      fetch: fakeFetch(() => json({ message: 'CSVファイルの内容に誤りがあります。', errors }, 422)).fetch,
      tokens: memoryTokens(),
    });
    const e = await importAddressCsv(new File(['x'], 'a.csv')).catch((err: unknown) => err);
    expect(e).toBeInstanceOf(ApiError);
    expect(addressImportErrors((e as ApiError).errors)).toEqual([
      { line: null, message: '登録できる…' },
      { line: 3, message: '列の数が…' },
      { line: 3, message: 'お届け先名は…' },
      { line: 10, message: '郵便番号は…' },
    ]);
  });
});
