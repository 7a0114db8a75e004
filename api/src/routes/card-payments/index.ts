/** Card and other provider payments: payment services, payment checks, saved cards, the provider's callbacks (issue 8). */
import { createRouter } from '../../lib/router.ts';

export const cardPaymentRoutes = createRouter();
