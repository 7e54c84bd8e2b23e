/**
 * Whose results a call without a session belongs to: a search numbers its results under the
 * caller's session, and `fetch` with `searchId` + `index` looks them up there.
 */
export const DEFAULT_SESSION = 'default';
