/** The api-client's order cancellation and receipt download (against a fake fetch: the wire shapes only). */
import { beforeEach, describe, expect, it } from 'vitest';
import { ApiError, configureClient, resetClient } from '#api-client/core/http.ts';
import { cancelOrder, downloadReceipt } from '#api-client/mypage/orders.ts';
import { fakeFetch, json, memoryTokens } from './fake-api.ts';
import { order } from './fixtures.ts';

beforeEach(() => resetClient());

describe('order cancellation and receipt calls', () => {
  it('PUTs the reason and answers the cancelled order', async () => {
    const api = fakeFetch(() =>
      json({
        ...order(7),
        status: 'cancelled',
        status_label: 'キャンセル',
        cancel_reason: '不要',
        cancel_only_ecd_key: 'payment_void_pending',
      }),
    );
    configureClient({ baseUrl: '', fetch: api.fetch, tokens: memoryTokens() });
    const cancelled = await cancelOrder(7, '不要');
    expect(cancelled).toMatchObject({ status: 'cancelled', cancel_reason: '不要', cancel_only_ecd_key: 'payment_void_pending' });
    expect(api.calls[0]).toMatchObject({ url: '/v1/me/orders/7/cancel', method: 'PUT', body: { cancel_reason: '不要' } });
  });

  it("passes the API's 422 on with its field errors", async () => {
    const api = fakeFetch(() =>
      json({ message: 'このご注文はすでにキャンセルされています。', code: 'order.cancel.already_cancelled' }, 422),
    );
    configureClient({ baseUrl: '', fetch: api.fetch, tokens: memoryTokens() });
    const err = await cancelOrder(7, 'x').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect((err as ApiError).status).toBe(422);
  });

  it('downloads the receipt as a blob with the addressee in the query', async () => {
    const api = fakeFetch(
      () => new Response(new Uint8Array([0x25, 0x50, 0x44, 0x46, 0x2d]), { status: 200, headers: { 'content-type': 'application/pdf' } }),
    );
    configureClient({ baseUrl: '', fetch: api.fetch, tokens: memoryTokens() });
    const blob = await downloadReceipt(7, '山田 太郎');
    expect(await blob.text()).toBe('%PDF-');
    expect(api.calls[0].url).toBe(`/v1/me/orders/7/download/receipt?${new URLSearchParams({ name: '山田 太郎' })}`);
  });
});
