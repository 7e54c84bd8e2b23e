import type * as z from 'zod';
import { LanternError } from '../../shared/errors';
import { describeValue } from '../../shared/issue-messages';

/**
 * The value at `path` of what was sent, when the path leads through it; none when it does not
 * (a list given as text and split by the schema: the path is into what the schema made of it).
 */
function valueAt(input: unknown, path: readonly PropertyKey[]): { value: unknown } | undefined {
  let value = input;
  for (const key of path) {
    if (value === null || typeof value !== 'object') return undefined;
    value = (value as Record<PropertyKey, unknown>)[key];
  }
  return { value };
}

/**
 * A zod failure as INVALID_INPUT, naming each bad field, what was sent and what is allowed
 * (shared/issue-messages.ts words the schemas' own checks). With the input, a schema's own
 * message ("lang must be a language tag such as en") is told with what was sent too; an unknown
 * field is named as the field.
 */
export function validationError(what: string, error: z.ZodError, input?: unknown): LanternError {
  const problems = error.issues.flatMap((issue) => {
    if (issue.code === 'unrecognized_keys') {
      return issue.keys.map((key) => `${[...issue.path, key].join('.')}: not a field of this ${what}`);
    }
    const field = issue.path.length > 0 ? issue.path.join('.') : 'input';
    const given =
      input !== undefined && !issue.message.startsWith('got ') && issue.path.length > 0
        ? valueAt(input, issue.path)
        : undefined;
    const sent = given === undefined ? '' : ` (got ${describeValue(given.value)})`;
    return [`${field}: ${issue.message}${sent}`];
  });
  return new LanternError('INVALID_INPUT', `Invalid ${what}: ${problems.join('; ')}`, {
    details: { issues: problems },
  });
}

/** The input as the schema makes it, or INVALID_INPUT naming each bad field of this `what` (validationError). */
export function validInput<S extends z.ZodType>(schema: S, input: unknown, what: string): z.output<S> {
  const parsed = schema.safeParse(input);
  if (!parsed.success) throw validationError(what, parsed.error, input);
  return parsed.data;
}
