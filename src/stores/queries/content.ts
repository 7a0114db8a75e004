/** Site content and settings read by islands. */
import { getFrontSettings } from '#api-client/site/settings.ts';
import { createFetcherStore } from './client.ts';
import { contentKeys } from './keys.ts';

/** Front settings (fetched once per page, kept for the session). */
export const $frontSettings = createFetcherStore([contentKeys.frontSettings], {
  fetcher: () => getFrontSettings(),
  dedupeTime: Infinity,
});
