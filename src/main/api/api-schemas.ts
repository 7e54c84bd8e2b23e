/**
 * The HTTP door's shapes live in src/shared/http-contract.ts, beside the route table that reads
 * them; the names the server and older tests import from here point there.
 */
export type { HealthResponse } from '../../shared/http-contract';
export { SearchManyResponseSchema as MultiSearchResponseSchema } from '../../shared/contract';
