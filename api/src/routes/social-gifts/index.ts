/** Social gift (a gift sent by link) and the paper catalogue order (issue 8). */
import { createRouter } from '../../lib/router.ts';

export const socialGiftRoutes = createRouter();
