/**
 * Where the API lives and which channel we are, for page and server code. One implementation: the
 * API client's src/api-client/core/endpoint.ts (meta tags in the browser, the environment on the server),
 * under the names this module always had.
 */
export {
  API_BASE_META,
  type ApiEndpoint as ApiConfig,
  CHANNEL_META,
  DEFAULT_CHANNEL,
  isBrowser,
  readBrowserEndpoint as readBrowserConfig,
  readEndpoint as readApiConfig,
  readServerEndpoint as readServerConfig,
} from '#api-client/core/endpoint.ts';
