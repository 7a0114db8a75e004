// @vitest-environment jsdom
/**
 * The login form's code step in a real React tree on the fake API: is_verify moves to 「認証コード」
 * with the mfa user id kept, a wrong code shows the API's message on the field, 「コードを再送する」
 * logs in again with the credentials kept in memory, the right code logs in; the sync mode posts to
 * the channel-sync login and passes the sync flag to the verify step.
 */
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { configureClient, resetClient } from '#api-client/core/http.ts';
import LoginForm from '#islands/auth/LoginForm.tsx';
import { loggedOutState, useSessionStore } from '#stores/session.ts';
import { type Call, fakeFetch, json, loginBody, memoryTokens } from './fake-api.ts';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const WRONG = {
  message: '認証コードが正しくありません。',
  code: 'auth.verify_failed',
  errors: { verify_code: ['認証コードが正しくありません。'] },
};

const KEY_REQUIRED = {
  message: '入力内容に誤りがあります。',
  code: 'user.school_key.required',
  errors: { school_key: ['学校キーは必須項目です'] },
};
/** Whether the fake channel asks the sync login for a school key (as the school shop's API does). */
let keyRequired = false;

function answer(call: Call): Response {
  const path = call.url;
  if (keyRequired && path === '/v1/auth/login-sync-channel' && !(call.body as { school_key?: string }).school_key)
    return json(KEY_REQUIRED, 422);
  if (path === '/v1/auth/login' || path === '/v1/auth/login-sync-channel')
    return json(loginBody('', { is_verify: true, user_id: 77, expires_in: 0, expires_at: '' }));
  if (path === '/v1/auth/verify') {
    return (call.body as { verify_code: string }).verify_code === '246810'
      ? json(loginBody('tok-mfa', { user_id: 77, expires_at: '2099-01-01T00:00:00.000Z' }))
      : json(WRONG, 422);
  }
  if (path.startsWith('/v1/carts')) return json({ message: 'not found' }, 404);
  return json({});
}

let root: Root;
let host: HTMLDivElement;
let calls: Call[];

async function render(mode: 'login' | 'sync') {
  resetClient();
  const api = fakeFetch(answer);
  calls = api.calls;
  configureClient({
    baseUrl: '',
    fetch: api.fetch,
    tokens: memoryTokens(),
    navigate: vi.fn(),
    clearCart: vi.fn(),
    currentPath: () => '/login/',
  });
  host = document.createElement('div');
  document.body.append(host);
  await act(async () => {
    root = createRoot(host);
    root.render(<LoginForm mode={mode} />);
  });
}

// The form imports its calls on first focus or submit (islands/auth/login-calls.ts): loaded once here, as the
// browser has them by the time a shopper sends the form, so each submit below waits only for the API.
beforeAll(() => import('#islands/auth/login-calls.ts'));
beforeEach(() => {
  useSessionStore.setState({ ...loggedOutState });
  sessionStorage.clear();
  keyRequired = false;
});
afterEach(() => {
  act(() => root.unmount());
  host.remove();
});

const input = (name: string) => host.querySelector<HTMLInputElement>(`input[name="${name}"]`)!;
const button = (text: string) => [...host.querySelectorAll('button')].find((b) => b.textContent === text)!;
const flush = () =>
  act(async () => {
    for (let i = 0; i < 10; i += 1) await Promise.resolve();
    // A few macrotasks: the dynamic import of the calls settles through the module loader.
    for (let i = 0; i < 3; i += 1) await new Promise((r) => setTimeout(r, 0));
  });

function type(el: HTMLInputElement, value: string) {
  act(() => {
    Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!.call(el, value);
    el.dispatchEvent(new Event('input', { bubbles: true }));
  });
}

async function submitCredentials() {
  type(input('username'), 'demo-mfa');
  type(input('password'), 'demo-pass-2026');
  act(() => {
    host.querySelector('form')!.requestSubmit();
  });
  await flush();
}

async function submitCode(code: string) {
  type(input('verify_code'), code);
  act(() => {
    host.querySelector('form')!.requestSubmit();
  });
  await flush();
}

describe('login code step', () => {
  it('is_verify shows 「認証コード」; a wrong code shows the API message; the right one logs in', async () => {
    await render('login');
    await submitCredentials();
    expect(useSessionStore.getState().mfaUserId).toBe(77);
    expect(host.querySelector(`label[for="${input('verify_code').id}"]`)?.textContent).toBe('認証コード');
    expect(button('認証する')).toBeTruthy();

    await submitCode('12');
    expect(host.textContent).toContain('認証コードは6文字以上でなければなりません');
    expect(calls.filter((c) => c.url === '/v1/auth/verify')).toHaveLength(0);

    await submitCode('111111');
    expect(host.textContent).toContain('認証コードが正しくありません。');
    expect(input('verify_code').getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(input('verify_code'));

    await submitCode('246810');
    const verify = calls.filter((c) => c.url === '/v1/auth/verify');
    expect(verify.at(-1)?.body).toEqual({ verify_code: '246810', user_id: 77 });
    expect(useSessionStore.getState()).toMatchObject({ isLogin: true, accessToken: 'tok-mfa', mfaUserId: null, isSyncUserChannel: false });
  });

  it('「コードを再送する」 logs in again with the credentials kept in memory', async () => {
    await render('login');
    await submitCredentials();
    act(() => {
      button('コードを再送する').click();
    });
    await flush();
    const logins = calls.filter((c) => c.url === '/v1/auth/login');
    expect(logins).toHaveLength(2);
    expect(logins[1].body).toEqual({ username: 'demo-mfa', password: 'demo-pass-2026' });
    expect(host.textContent).toContain('認証コードを再送しました');
  });

  it('sync mode posts to the channel-sync login and passes the sync flag to verify', async () => {
    await render('sync');
    await submitCredentials();
    expect(calls.some((c) => c.url === '/v1/auth/login-sync-channel')).toBe(true);
    await submitCode('246810');
    expect(calls.filter((c) => c.url === '/v1/auth/verify').at(-1)?.body).toEqual({
      verify_code: '246810',
      user_id: 77,
      is_sync_user_channel: true,
    });
    expect(useSessionStore.getState()).toMatchObject({ isLogin: true, isSyncUserChannel: true });
  });

  it('sync mode: a school_key answer shows 「学校キー」 with the message, and the key goes with the next try', async () => {
    keyRequired = true;
    await render('sync');
    expect(host.querySelector('input[name="school_key"]')).toBeNull();
    await submitCredentials();
    expect(host.textContent).toContain('学校キーの入力が必要です');
    expect(host.textContent).toContain('学校キーは必須項目です');
    expect(input('school_key').getAttribute('aria-invalid')).toBe('true');
    type(input('school_key'), 'KIYORA2026');
    act(() => {
      host.querySelector('form')!.requestSubmit();
    });
    await flush();
    expect(calls.filter((c) => c.url === '/v1/auth/login-sync-channel').at(-1)?.body).toEqual({
      username: 'demo-mfa',
      password: 'demo-pass-2026',
      school_key: 'KIYORA2026',
    });
    expect(useSessionStore.getState().mfaUserId).toBe(77);
  });
});
