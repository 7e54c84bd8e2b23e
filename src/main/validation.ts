import type * as z from 'zod';
import { LanternError } from '../shared/errors';

/** A zod failure as INVALID_INPUT, naming each bad field and what was expected. */
export function validationError(what: string, error: z.ZodError): LanternError {
  const problems = error.issues.map((issue) => {
    const field = issue.path.length > 0 ? issue.path.join('.') : 'input';
    return `${field}: ${issue.message}`;
  });
  return new LanternError('INVALID_INPUT', `Invalid ${what}: ${problems.join('; ')}`, {
    details: { issues: problems },
  });
}
