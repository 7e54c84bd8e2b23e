/** The library's request schemas: what each operation takes, and how a bad field is named. */
import { describe, expect, it } from 'vitest';
import { LibraryService } from '../../src/main/library/library-service';
import {
  LibraryAddRequestSchema,
  LibraryListRequestSchema,
  LibraryRemoveRequestSchema,
  LibrarySearchRequestSchema,
} from '../../src/shared/library-contract';
import type { Store } from '../../src/main/store';
import { errorOf } from '../support/error-of';

describe('the library requests', () => {
  it('takes paths with watch off by default, and a search with its default limit', () => {
    expect(LibraryAddRequestSchema.parse({ paths: [' /home/me/papers '] })).toEqual({
      paths: ['/home/me/papers'],
      watch: false,
    });
    expect(LibrarySearchRequestSchema.parse({ query: 'tides' })).toEqual({ query: 'tides', limit: 10 });
    expect(LibraryListRequestSchema.parse({ type: 'pdf' })).toEqual({ type: 'pdf' });
    expect(LibraryRemoveRequestSchema.parse({ ids: [3, 4] })).toEqual({ ids: [3, 4] });
  });

  it('refuses what is not a request of its operation', () => {
    expect(LibraryAddRequestSchema.safeParse({ paths: [] }).success).toBe(false);
    expect(LibraryAddRequestSchema.safeParse({ paths: ['a'], watch: 'yes' }).success).toBe(false);
    expect(LibraryAddRequestSchema.safeParse({ paths: Array.from({ length: 101 }, (_, i) => `/p${i}`) }).success).toBe(
      false,
    );
    expect(LibrarySearchRequestSchema.safeParse({ query: 'a', limit: 51 }).success).toBe(false);
    expect(LibraryListRequestSchema.safeParse({ type: 'xlsx' }).success).toBe(false);
    expect(LibraryRemoveRequestSchema.safeParse({ ids: [0] }).success).toBe(false);
    expect(LibraryRemoveRequestSchema.safeParse({ ids: [1], paths: ['/x'] }).success).toBe(false);
  });

  it('is answered by the service as INVALID_INPUT naming the field, before the store is touched', async () => {
    // A store that fails any use: validation comes first.
    const store = new Proxy(
      {},
      {
        get: () => {
          throw new Error('the store was used');
        },
      },
    ) as Store;
    const service = new LibraryService(store);
    // Each call starts only when its turn comes: started together, a rejection would wait
    // unhandled while an earlier call is awaited (an unhandled rejection fails the test).
    const cases: Array<[() => Promise<unknown>, RegExp]> = [
      [() => service.add({ paths: [''] }), /paths\.0: a path is empty/],
      [() => service.add({ paths: ['/x'], watch: 1 as unknown as boolean }), /watch: watch is true or false/],
      [() => service.search({ query: 'tides', limit: 0 }), /limit: /],
      [() => service.list({ type: 'xlsx' as 'pdf' }), /type: type must be one of pdf, docx/],
      [() => service.remove({ ids: [1.5] }), /ids\.0: an id is a whole number/],
      [() => service.reindex({ paths: [] }), /paths: paths is empty/],
      [() => service.save({} as { url: string }), /^Invalid library\.save request: url: url is the address of a page/],
      [() => service.save({ url: 'file:///etc/passwd' }), /url: url is the http\(s\) address of a page/],
      [() => service.save({ url: 'https://a.example', then: 1 } as { url: string }), /then/],
      [() => service.unwatch({ path: ' ' }), /path: a path is empty/],
    ];
    for (const [call, message] of cases) {
      const error = await errorOf(call());
      expect([error.code, error.message]).toEqual(['INVALID_INPUT', expect.stringMatching(message)]);
    }
  });
});
