// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { readApiConfig, readBrowserConfig, readServerConfig } from '#lib/config.ts';

function meta(name: string, content: string) {
  const el = document.createElement('meta');
  el.setAttribute('name', name);
  el.setAttribute('content', content);
  document.head.append(el);
}

afterEach(() => {
  document.head.innerHTML = '';
});

describe('config', () => {
  it('reads the API base and channel from the layout meta tags in the browser', () => {
    meta('shop:api-base', 'https://api.example.jp/');
    meta('shop:channel', 'outlet');
    expect(readBrowserConfig()).toEqual({ baseUrl: 'https://api.example.jp', channelId: 'outlet' });
    expect(readApiConfig()).toEqual({ baseUrl: 'https://api.example.jp', channelId: 'outlet' });
  });

  it("treats an empty API base as the same origin and a missing channel as 'default'", () => {
    meta('shop:api-base', '');
    expect(readBrowserConfig()).toEqual({ baseUrl: '', channelId: 'default' });
  });

  it('reads API_BASE_URL and CHANNEL on the server, defaulting to this machine and PORT', () => {
    expect(readServerConfig({ API_BASE_URL: 'http://api:8080/', CHANNEL: 'outlet' })).toEqual({
      baseUrl: 'http://api:8080',
      channelId: 'outlet',
    });
    expect(readServerConfig({ PORT: '5000' })).toEqual({ baseUrl: 'http://127.0.0.1:5000', channelId: 'default' });
    expect(readServerConfig({})).toEqual({ baseUrl: 'http://127.0.0.1:4321', channelId: 'default' });
  });
});
