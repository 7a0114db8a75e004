/**
 * The member's product lists' plain limits, without zod: contracts/discovery.ts builds its schemas on
 * them and re-exports them, and the my-page list screens import them from here, so their first load
 * does not carry zod and the product schemas (about 24 KB brotli, issue 25's 70 KB budget).
 */

/** Lists one member may have (the default list included). */
export const USER_LIST_LIMIT = 20;
/** Longest list name, in characters as a person counts them (code points). */
export const USER_LIST_NAME_MAX = 30;
/** The field name the list-name messages substitute. */
export const USER_LIST_NAME_LABEL = 'リスト名';
