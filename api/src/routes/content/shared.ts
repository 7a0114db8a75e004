/** Response entries shared by the content route definitions. */
import { errorResponse } from '../../lib/openapi.ts';

export const notFoundResponse = errorResponse('Unknown id or key');
export const invalidResponse = errorResponse('Invalid query');
