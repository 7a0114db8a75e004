/**
 * Sanitises CMS HTML at sync time, so pages can render snapshot bodies with `set:html`. The policy
 * itself lives with the API (api/src/lib/html.ts), which applies it to every CMS HTML field it
 * serves: one allow-list for both, so the snapshot and any other API client see the same markup.
 */
export { SANITIZE_OPTIONS, sanitizeBody } from '../api/src/lib/html.ts';
