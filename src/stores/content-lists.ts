/**
 * Brands, tags and popups: fetched once per page and then read from here (spec 4 "Fetch-once data").
 * They hold nothing personal, so unlike the query cache they are kept across login and logout.
 */
import { type Brand, listBrands, listPopups, listTags, type Popup, type Tag } from '#api-client/content/content-lists.ts';
import { createFetchOnce, type FetchOnce } from './fetch-once.ts';

export const brandsStore: FetchOnce<Brand[]> = createFetchOnce(() => listBrands());
export const tagsStore: FetchOnce<Tag[]> = createFetchOnce(() => listTags());
/** The popups shown on this page's channel. */
export const popupsStore: FetchOnce<Popup[]> = createFetchOnce(() => listPopups());
