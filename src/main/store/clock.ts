/** Milliseconds since the epoch. Passed in so tests can move time (TTL, purges) without sleeping. */
export type Clock = () => number;

export const systemClock: Clock = () => Date.now();
