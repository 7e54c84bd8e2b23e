/**
 * What an INVALID_INPUT says of each bad field, at every door: what was sent (its type, and the
 * value when short) and what is allowed — "got string \"ten\"; allowed: a whole number". Installed
 * as zod's error map for the schemas that give no message of their own (z.config is zod's way to
 * set the messages' wording, as its locales do); a schema's own message says what is allowed in
 * its words, and validationError (src/main/common/validation.ts) adds what was sent.
 */
import * as z from 'zod';
import { plural } from './format/plural';

/** What was sent, as a person reads it: its JSON type and, when short, the value. */
export function describeValue(value: unknown): string {
  if (value === undefined) return 'nothing';
  if (value === null) return 'null';
  if (Array.isArray(value)) return `a list of ${plural(value.length, 'item')}`;
  if (typeof value === 'string')
    return `string ${JSON.stringify(value.length > 40 ? `${value.slice(0, 40)}…` : value)}`;
  if (typeof value === 'number' || typeof value === 'boolean') return `${typeof value} ${String(value)}`;
  return typeof value === 'object' ? 'an object' : typeof value;
}

const TYPES: Record<string, string> = {
  int: 'a whole number',
  number: 'a number',
  string: 'a string',
  array: 'a list (JSON array)',
  boolean: 'true or false',
  object: 'an object',
};

type Issue = z.core.$ZodRawIssue;

function bound(
  issue: Issue & { origin?: string },
  word: 'at least' | 'at most',
  limit: number | bigint,
  inclusive: boolean | undefined,
): string {
  const strictly = word === 'at least' ? 'more than' : 'less than';
  const size = `${inclusive === false ? strictly : word} ${String(limit)}`;
  if (issue.origin === 'string') return `${size} characters`;
  if (issue.origin === 'array' || issue.origin === 'set') return `${size} items`;
  return size;
}

/** What the field allows, by the kind of failure. */
function allowed(issue: Issue): string | undefined {
  switch (issue.code) {
    case 'invalid_type':
      return TYPES[issue.expected] ?? `a ${issue.expected}`;
    case 'too_small':
      return bound(issue, 'at least', issue.minimum, issue.inclusive);
    case 'too_big':
      return bound(issue, 'at most', issue.maximum, issue.inclusive);
    case 'invalid_value':
      return `one of ${issue.values.map((value) => JSON.stringify(value)).join(', ')}`;
    case 'invalid_format':
      return issue.format === 'regex' ? `text of the form ${String(issue.pattern)}` : `a valid ${issue.format}`;
    case 'not_multiple_of':
      return `a multiple of ${String(issue.divisor)}`;
    default:
      return undefined;
  }
}

function describeIssue(issue: Issue): string | undefined {
  if (issue.code === 'unrecognized_keys')
    return `unknown field${issue.keys.length === 1 ? '' : 's'} ${issue.keys.map((key) => `"${key}"`).join(', ')}`;
  const what = allowed(issue);
  if (what === undefined) return undefined;
  return `got ${describeValue(issue.input)}; allowed: ${what}`;
}

z.config({ customError: describeIssue });
