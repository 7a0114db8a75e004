/**
 * Kept only so the seed's import (api/src/db/seed/channels.ts) keeps working: the settings
 * defaults now live in services/settings.ts, the content services in services/content/.
 * Remove once the seed imports services/settings.ts.
 */
export { FRONT_SETTING_DEFAULTS } from './settings.ts';
