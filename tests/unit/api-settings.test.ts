import { beforeEach, describe, expect, it } from 'vitest';
import { configureClient, resetClient } from '#api-client/core/http.ts';
import { apiState, clearStoredError } from '#api-client/core/state.ts';
import { getFrontSettings, getPublicJson, isSellingStopped, screenClass, toOrderTerms } from '#api-client/site/settings.ts';
import { fakeFetch, json, memoryTokens } from './fake-api.ts';

const settings = {
  'SITE.NAME': 'ショップ',
  'SITE.NAMESPACE': 'shop',
  'SITE.CHANNEL_PREFIX': '',
  'SITE.NO_MEMBER_USE': false,
  'SITE.STORAGE_URL': '',
  'SITE.BREAKPOINT.SCREEN-SM': 576,
  'SITE.BREAKPOINT.SCREEN-MD': 992,
  'ORDER.SHIPPING.IS_ALLOW_MULTIPLE': false,
  'CART.POPUP_COMPONENT': 'toast',
  'PLUGIN.VERIFY_EMAIL_WHEN_LOGIN_AT_THE_FIRST_TIME.IS_USE': false,
  'PLUGIN.TEMPORARY_STOP_SELLING.IS_USE': false,
  'PLUGIN.TEMPORARY_STOP_SELLING.SELLING': true,
  THEME: 'default',
  TAG_MANAGER_ID: '',
  PURCHASE_VALUE_WITHOUT_TAX: false,
  'ORDER.DELIVERY_LEAD_TIME': '3営業日以内に発送します。',
  'ORDER.RETURN_POLICY': '到着後8日以内',
  'ORDER.RETURN_POLICY_FOOD': '食品は返品不可',
};

beforeEach(() => {
  resetClient();
  clearStoredError();
});

describe('settings calls', () => {
  it('reads the front settings keyed by the spec-9 names', async () => {
    configureClient({ fetch: fakeFetch(() => json({ ...settings, EXTRA: 1 })).fetch, tokens: memoryTokens() });
    const s = await getFrontSettings();
    expect(s['SITE.BREAKPOINT.SCREEN-SM']).toBe(576);
  });

  it('the confirmation takes the delivery and return terms from the settings, blank or non-text ones as absent', () => {
    expect(toOrderTerms({ ...settings, 'ORDER.RETURN_POLICY': ' ', 'ORDER.RETURN_POLICY_FOOD': 3 })).toEqual({
      deliveryLeadTime: '3営業日以内に発送します。',
      returnPolicy: null,
      returnPolicyFood: null,
    });
  });

  it('public.json goes without a bearer token and its failures are ignored silently', async () => {
    const ok = fakeFetch(() => json({ channel_id: 'default', site_name: 'ショップ', api_base_url: '', theme: 'default' }));
    configureClient({ baseUrl: '', fetch: ok.fetch, tokens: memoryTokens({ accessToken: 'a', expiresAt: Date.now() + 60_000 }) });
    expect((await getPublicJson())?.theme).toBe('default');
    expect(ok.calls[0].headers.Authorization).toBeUndefined();

    configureClient({ fetch: fakeFetch(() => json({ message: 'x' }, 500)).fetch });
    expect(await getPublicJson()).toBeNull();
    expect(apiState.getState().error).toBeNull();
  });

  it('selling stops when the temporary-stop plugin is on and selling is false', () => {
    expect(
      isSellingStopped({ ...settings, 'PLUGIN.TEMPORARY_STOP_SELLING.IS_USE': true, 'PLUGIN.TEMPORARY_STOP_SELLING.SELLING': false }),
    ).toBe(true);
    expect(
      isSellingStopped({ ...settings, 'PLUGIN.TEMPORARY_STOP_SELLING.IS_USE': false, 'PLUGIN.TEMPORARY_STOP_SELLING.SELLING': false }),
    ).toBe(false);
  });

  it('screen class: phone up to SM, PC above MD, tablet between', () => {
    expect(screenClass(576, settings)).toBe('phone');
    expect(screenClass(577, settings)).toBe('tablet');
    expect(screenClass(992, settings)).toBe('tablet');
    expect(screenClass(993, settings)).toBe('pc');
  });
});
