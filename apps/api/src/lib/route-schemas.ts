import { ZApiError } from '@lc/shared/errors';
import { z } from 'zod';

/** Response schemas for the error statuses a route documents: `errorResponses(400, 401)`. */
export function errorResponses<S extends number>(...statuses: S[]): Record<S, typeof ZApiError> {
  return Object.fromEntries(statuses.map((s) => [s, ZApiError])) as Record<S, typeof ZApiError>;
}

/** Response schema of a 204: send it with `reply.code(204).send(null)`. */
export const ZNoContent = z.null().describe('No content');

/** OpenAPI security of the ops API: OPS_TOKEN (automation) or a staff session cookie. */
export const OPS_SECURITY: Array<Record<string, string[]>> = [{ opsToken: [] }, { opsSession: [] }];
