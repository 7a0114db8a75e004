/** The signed-in member's own data. */
import { getMe } from '#api-client/account/user.ts';
import { createFetcherStore, holdAtLeast } from './client.ts';
import { userKeys } from './keys.ts';

/** The signed-in member. */
export const $me = createFetcherStore([userKeys.me], { fetcher: () => holdAtLeast(getMe()) });
