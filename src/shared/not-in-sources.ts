/**
 * How an answer that the sources do not answer begins, whoever wrote it (any composer): the
 * pipeline reports `answered: false` for an answer that starts with it, and the UI reads a stored
 * turn by it. No zod: the renderer imports it.
 */
export const NOT_IN_SOURCES = 'The sources do not answer this question.';

/** Whether an answer's text says the sources do not answer. */
export const saysNotInSources = (answer: string): boolean => answer.trimStart().startsWith(NOT_IN_SOURCES);
