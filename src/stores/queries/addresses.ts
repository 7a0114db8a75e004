/** The member's address book. */
import { listUserAddresses } from '#api-client/account/addresses.ts';
import { createFetcherStore, holdAtLeast } from './client.ts';
import { addressKeys } from './keys.ts';

/** The address book with its x-limit. */
export const $addresses = createFetcherStore([addressKeys.list], { fetcher: () => holdAtLeast(listUserAddresses()) });
