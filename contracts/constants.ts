/** Constants of the /v1 contract that need no zod: header names and fixed messages. */
export const CHANNEL_HEADER = 'X-Channel-Id';
export const XHR_HEADER = 'X-Requested-With';
export const XHR_VALUE = 'XMLHttpRequest';
export const PAGINATION_HEADERS = { total: 'x-total', per: 'x-per-page', last: 'x-last-page', current: 'x-current-page' } as const;
export const LIMIT_HEADER = 'x-limit';

/** The API's message for an unknown channel; the storefront switches to the invalid-channel layout. */
export const CHANNEL_NOT_FOUND_MESSAGE = 'The channel does not exist.';

/** Page sizes of spec section 9: 15 for products, 10 for every other list and history. */
export const PAGE_SIZE = { products: 15, default: 10 } as const;
/** Largest `per` a list call accepts. */
export const MAX_PER_PAGE = 100;

/** Carriage rule (tax included): 660 yen, free from 5,500 yen of goods including tax. */
export const CARRIAGE = { fee: 660, freeFrom: 5500 } as const;

/** Social gift: the longest message, and the days a link stays valid unless SOCIAL_GIFT.EXPIRE_DAYS says otherwise. */
export const SOCIAL_GIFT_MESSAGE_MAX = 200;
export const SOCIAL_GIFT_EXPIRE_DAYS = 14;
