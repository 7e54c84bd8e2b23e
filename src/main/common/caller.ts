/**
 * Who is calling, resolved once by each door: whose numbered results these are, and whether a
 * person is at hand. The options the services take (history, interactivity) are derived here, in
 * one place, rather than set as flags by each door.
 */
export interface Caller {
  /** Whose numbered results these are (fetch by index reads this session's latest search). */
  session: string;
  /**
   * A person is at hand (the desktop app, the web UI): their calls are their research history, and
   * a CAPTCHA is put in front of them in a window to solve rather than only reported. An agent is not.
   */
  person: boolean;
}

/** The options every operation of a caller gets; an operation reads the ones it knows. */
export function callerOptions(
  caller: Caller,
  signal: AbortSignal,
): { session: string; signal: AbortSignal; recordHistory?: true; interactive?: true } {
  return { session: caller.session, signal, ...(caller.person ? { recordHistory: true, interactive: true } : {}) };
}
