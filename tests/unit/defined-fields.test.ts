import { describe, expect, it } from 'vitest';
import { definedFields } from '../../src/shared/defined-fields';

describe('definedFields', () => {
  it('keeps the fields that are set, falsy ones included, and drops the undefined ones', () => {
    expect(definedFields({ a: 1, b: undefined, c: 0, d: '', e: false, f: null })).toEqual({
      a: 1,
      c: 0,
      d: '',
      e: false,
      f: null,
    });
    expect(Object.keys(definedFields({ b: undefined }))).toEqual([]);
  });
});
