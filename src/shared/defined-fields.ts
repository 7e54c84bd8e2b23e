/**
 * The fields that are set: an object without its undefined values, so optional properties can
 * be passed on in one spread under exactOptionalPropertyTypes instead of one `if` per field.
 */
export function definedFields<T extends Record<string, unknown>>(
  fields: T,
): { [K in keyof T]?: Exclude<T[K], undefined> } {
  return Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== undefined)) as {
    [K in keyof T]?: Exclude<T[K], undefined>;
  };
}
