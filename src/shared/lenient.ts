/**
 * The coercions every door gets, because the contract applies them (docs/agents.md, "Lenient
 * arguments"): agents often send a list as its JSON text (`"[\"a\",\"b\"]"`) and a number as a
 * string (`"5"`, from a form or a model that quotes everything). Where the meaning is plain, the
 * contract takes it; anything else still fails with the field named. JSON Schema generated from
 * these (MCP's tools/list, the OpenAPI document) shows the intended type only.
 */
import * as z from 'zod';

/** `"5"` → 5; anything else (including `""` and `"5 pages"`) is left for the schema to refuse. */
function numberFromString(value: unknown): unknown {
  if (typeof value !== 'string' || value.trim() === '') return value;
  const number = Number(value.trim());
  return Number.isFinite(number) ? number : value;
}

/** `"[\"a\"]"` → ["a"]; a lone string that is not a JSON array stays as it is (the schema refuses it). */
function arrayFromJsonString(value: unknown): unknown {
  if (typeof value !== 'string' || !value.trim().startsWith('[')) return value;
  try {
    const parsed: unknown = JSON.parse(value);
    return Array.isArray(parsed) ? parsed : value;
  } catch {
    return value;
  }
}

/** A list as its JSON text, or one string of items separated by commas or spaces ("a.com, b.org"). */
function listFromString(value: unknown): unknown {
  const array = arrayFromJsonString(value);
  if (typeof array !== 'string') return array;
  return array.split(/[\s,]+/).filter((part) => part !== '');
}

/** `"true"` / `"false"` → the boolean. */
function booleanFromString(value: unknown): unknown {
  if (value === 'true') return true;
  if (value === 'false') return false;
  return value;
}

/**
 * Typed with the schema's own input: callers in TypeScript send the intended type; the coercion
 * is for the doors' JSON, where anything may come.
 */
type Lenient<T extends z.ZodType> = z.ZodType<z.output<T>, z.input<T>>;

export function lenientNumber<T extends z.ZodType>(schema: T): Lenient<T> {
  return z.preprocess(numberFromString, schema) as Lenient<T>;
}

export function lenientArray<T extends z.ZodType>(schema: T): Lenient<T> {
  return z.preprocess(arrayFromJsonString, schema) as Lenient<T>;
}

/** For lists of words without spaces (domains): also one string of them, separated by commas or spaces. */
export function lenientList<T extends z.ZodType>(schema: T): Lenient<T> {
  return z.preprocess(listFromString, schema) as Lenient<T>;
}

export function lenientBoolean<T extends z.ZodType>(schema: T): Lenient<T> {
  return z.preprocess(booleanFromString, schema) as Lenient<T>;
}
