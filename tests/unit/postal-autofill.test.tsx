// @vitest-environment jsdom
/**
 * usePostalAutofill in a real React tree. The fake fetch answers from the API's own postal service
 * (the whole KEN_ALL data), so 100-0001 really is 千代田区千代田.
 */
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { configureClient, resetClient } from '#api-client/core/http.ts';
import { useState } from '#islands/common/react.ts';
import {
  POSTAL_DEBOUNCE_MS,
  POSTAL_ERROR_MESSAGE,
  POSTAL_NOT_FOUND_MESSAGE,
  type PostalFill,
  postalDigits,
  usePostalAutofill,
} from '#islands/common/usePostalAutofill.ts';
import { ApiError as ServerError } from '../../api/src/lib/errors.ts';
import { lookupPostalCode as serverLookup } from '../../api/src/services/postal-codes/index.ts';
import { type Call, fakeFetch, json, memoryTokens } from './fake-api.ts';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

/** What the API answers for a call, from the real service. */
function answer(call: Call): Response {
  const code = new URL(call.url, 'http://shop.test').searchParams.get('code') ?? '';
  try {
    return json(serverLookup(code));
  } catch (e) {
    if (e instanceof ServerError) return json({ message: e.message, code: e.code, errors: {} }, e.status);
    throw e;
  }
}

let handler: (call: Call) => Response | Promise<Response>;
let calls: Call[];
const fills: PostalFill[] = [];

function AddressForm() {
  const [values, setValues] = useState({ postal_code: '', prefecture: '', city: '', address1: '' });
  const postal = usePostalAutofill({
    onFill: (a) => {
      fills.push(a);
      setValues((v) => ({ ...v, prefecture: a.prefecture, city: a.city, address1: a.town }));
    },
  });
  return (
    <form>
      <input
        name="postal_code"
        value={values.postal_code}
        onChange={(e) => {
          setValues({ ...values, postal_code: e.target.value });
          postal.lookup(e.target.value);
        }}
        onBlur={(e) => postal.lookup(e.target.value)}
      />
      <output data-status={postal.status}>{postal.message}</output>
      <input name="prefecture" value={values.prefecture} readOnly />
      <input name="city" value={values.city} readOnly />
      <input name="address1" value={values.address1} readOnly />
    </form>
  );
}

let root: Root;
let host: HTMLDivElement;

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  resetClient();
  handler = answer;
  const fake = fakeFetch((call) => handler(call));
  calls = fake.calls;
  configureClient({ fetch: fake.fetch, tokens: memoryTokens(), baseUrl: '', channelId: 'default' });
  fills.length = 0;
  host = document.createElement('div');
  document.body.append(host);
  act(() => {
    root = createRoot(host);
    root.render(<AddressForm />);
  });
});
afterEach(() => {
  act(() => root.unmount());
  host.remove();
  vi.useRealTimers();
});

const input = (name: string) => host.querySelector<HTMLInputElement>(`input[name="${name}"]`)!;
const status = () => host.querySelector('output')!.dataset.status;
const message = () => host.querySelector('output')!.textContent;

function type(value: string) {
  act(() => {
    Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!.call(input('postal_code'), value);
    input('postal_code').dispatchEvent(new Event('input', { bubbles: true }));
  });
}
const blur = () =>
  act(() => {
    input('postal_code').dispatchEvent(new FocusEvent('focusout', { bubbles: true }));
  });

/** Lets the debounce run out and the request (and its answer) settle. */
async function settle(ms = POSTAL_DEBOUNCE_MS) {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(ms);
  });
  for (let i = 0; i < 5; i++)
    await act(async () => {
      await Promise.resolve();
      await new Promise((r) => setImmediate(r));
    });
}

const codesAsked = () => calls.map((c) => new URL(c.url, 'http://shop.test').searchParams.get('code'));

describe('usePostalAutofill', () => {
  it('fills prefecture, city and town (into address1) for 100-0001 after the pause, nothing more', async () => {
    type('100-0001');
    await act(async () => {
      await vi.advanceTimersByTimeAsync(POSTAL_DEBOUNCE_MS - 1);
    });
    expect(calls).toHaveLength(0);
    await settle(1);
    expect(codesAsked()).toEqual(['1000001']);
    expect(calls[0].url).toContain('/v1/postal-code?code=1000001');
    expect(input('prefecture').value).toBe('東京都');
    expect(input('city').value).toBe('千代田区');
    expect(input('address1').value).toBe('千代田');
    expect(status()).toBe('found');
    expect(message()).toBe('');
  });

  it('ignores anything that is not 7 digits', async () => {
    for (const v of ['1', '100-', '100-000', '1000-001', '10000011', 'abc-defg', '']) type(v);
    await settle();
    expect(calls).toHaveLength(0);
    expect(status()).toBe('idle');
  });

  it('reads full-width digits and hyphens as typed by an IME', async () => {
    expect(postalDigits('９００－０００１')).toBe('9000001');
    expect(postalDigits(' 900-0001 ')).toBe('9000001');
    expect(postalDigits('900-00012')).toBeNull();
    type('９００－０００１');
    await settle();
    expect(codesAsked()).toEqual(['9000001']);
    expect([input('prefecture').value, input('city').value, input('address1').value]).toEqual(['沖縄県', '那覇市', '港町']);
  });

  it('debounces: codes typed in quick succession send one request, for the last', async () => {
    type('1000001');
    await act(async () => {
      await vi.advanceTimersByTimeAsync(100);
    });
    type('9000001');
    await settle();
    expect(codesAsked()).toEqual(['9000001']);
    expect(fills).toEqual([{ prefecture: '沖縄県', city: '那覇市', town: '港町' }]);
  });

  it('cancels a stale request: the older answer never fills the form', async () => {
    let release!: () => void;
    const gate = new Promise<void>((r) => {
      release = r;
    });
    handler = async (call) => {
      if (call.url.includes('1000001')) {
        await Promise.race([
          gate,
          new Promise((_, reject) => call.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')))),
        ]);
      }
      return answer(call);
    };
    type('1000001');
    await settle();
    expect(status()).toBe('loading');
    type('0600000');
    await settle();
    expect(calls[0].signal?.aborted).toBe(true);
    release();
    await settle();
    expect(fills).toEqual([{ prefecture: '北海道', city: '札幌市中央区', town: '' }]);
    expect(input('prefecture').value).toBe('北海道');
    expect(status()).toBe('found');
  });

  it('calls onFill once per code found: a blur or a repeat with the same code sends nothing', async () => {
    type('100-0001');
    await settle();
    blur();
    type('1000001');
    await settle();
    expect(calls).toHaveLength(1);
    expect(fills).toHaveLength(1);
    // Another code, then back: each is a new code and fills again.
    type('9000001');
    await settle();
    type('1000001');
    await settle();
    expect(codesAsked()).toEqual(['1000001', '9000001', '1000001']);
    expect(fills.map((f) => f.city)).toEqual(['千代田区', '那覇市', '千代田区']);
  });

  it('says in Japanese when the code is unknown and leaves the address fields alone', async () => {
    type('000-0000');
    await settle();
    expect(status()).toBe('not_found');
    expect(message()).toBe(POSTAL_NOT_FOUND_MESSAGE);
    expect(message()).toBe('該当する住所が見つかりませんでした。住所を直接入力してください。');
    expect(fills).toEqual([]);
    // Editing the code clears the message.
    type('000-000');
    expect(status()).toBe('idle');
    expect(message()).toBe('');
  });

  it('says in Japanese when the lookup fails (server error or no network), and the same code can be retried', async () => {
    handler = () => json({ message: 'サーバーエラー', code: 'common.server_error' }, 500);
    type('1000001');
    await settle();
    expect(status()).toBe('error');
    expect(message()).toBe(POSTAL_ERROR_MESSAGE);

    handler = () => {
      throw new TypeError('Failed to fetch');
    };
    blur();
    await settle();
    expect(calls).toHaveLength(2);
    expect(status()).toBe('error');

    handler = answer;
    blur();
    await settle();
    expect(status()).toBe('found');
    expect(input('city').value).toBe('千代田区');
  });

  it('sends nothing once the form is gone', async () => {
    type('1000001');
    act(() => root.unmount());
    await act(async () => {
      await vi.advanceTimersByTimeAsync(POSTAL_DEBOUNCE_MS * 2);
    });
    expect(calls).toHaveLength(0);
    act(() => {
      root = createRoot(host);
    });
  });
});
