import { describe, expect, it } from 'vitest';
import * as z from 'zod';
import * as captchaContract from '../../src/shared/captcha-contract';
import { CaptchaWaitRequestSchema } from '../../src/shared/captcha-contract';
import * as historyContract from '../../src/shared/history-contract';
import * as settingsContract from '../../src/shared/settings-contract';
import {
  HistoryExportRequestSchema,
  HistoryListRequestSchema,
  HistorySearchRequestSchema,
  ThreadRequestSchema,
} from '../../src/shared/history-contract';
import { SettingsPatchSchema, SettingsSchema } from '../../src/shared/settings-contract';
import { MAX_QUERIES_PER_SEARCH, SearchManyRequestSchema } from '../../src/shared/contract';

describe('the searchMany request', () => {
  it('takes 1 to MAX_QUERIES_PER_SEARCH queries, each a valid query, and shares the other fields', () => {
    expect(SearchManyRequestSchema.parse({ queries: ['coffee', 'tea'], engine: 'bing' })).toEqual({
      queries: ['coffee', 'tea'],
      engine: 'bing',
      limit: 10,
      page: 1,
    });
    const queries = (count: number) => Array.from({ length: count }, (_, i) => `q${i}`);
    expect(SearchManyRequestSchema.safeParse({ queries: queries(MAX_QUERIES_PER_SEARCH) }).success).toBe(true);
    expect(
      SearchManyRequestSchema.safeParse({ queries: queries(MAX_QUERIES_PER_SEARCH + 1) }).error?.issues[0]?.message,
    ).toBe('at most 10 queries per request');
    expect(SearchManyRequestSchema.safeParse({ queries: [] }).error?.issues[0]?.message).toBe('queries is empty');
    expect(SearchManyRequestSchema.safeParse({ queries: ['coffee', '  '] }).error?.issues[0]?.path).toEqual([
      'queries',
      1,
    ]);
  });
});

describe('history schemas', () => {
  it('take a thread id as a number, or as typed in a terminal or a URL path', () => {
    for (const id of [12, '12', '#12', ' 12 ']) expect(ThreadRequestSchema.parse({ id })).toEqual({ id: 12 });
    for (const id of ['abc', '12abc', '', 0, -1, 1.5, '1e3', 2 ** 53, null]) {
      const parsed = ThreadRequestSchema.safeParse({ id });
      expect(parsed.success, String(id)).toBe(false);
      expect(parsed.error?.issues[0]?.message).toBe('a thread id is a whole number such as 12');
    }
    expect(ThreadRequestSchema.safeParse({ id: 1, more: 2 }).success).toBe(false);
  });

  it('fill in defaults and refuse what is out of range', () => {
    expect(HistoryListRequestSchema.parse({})).toEqual({ limit: 50, offset: 0 });
    expect(HistorySearchRequestSchema.parse({ text: 'heat' })).toEqual({ text: 'heat', scope: 'all', limit: 20 });
    expect(HistoryExportRequestSchema.parse({ id: '3' })).toEqual({ id: 3, format: 'markdown' });
    expect(HistoryListRequestSchema.safeParse({ limit: 1001 }).success).toBe(false);
    expect(HistoryListRequestSchema.safeParse({ limit: Number.NaN }).success).toBe(false);
    expect(HistorySearchRequestSchema.safeParse({ text: 'x', scope: 'web' }).success).toBe(false);
    expect(HistorySearchRequestSchema.safeParse({ text: 'x'.repeat(1001) }).success).toBe(false);
    expect(HistoryExportRequestSchema.safeParse({ id: 3, format: 'pdf' }).success).toBe(true);
    expect(HistoryExportRequestSchema.safeParse({ id: 3, format: 'odt' }).success).toBe(false);
  });
});

describe('settings schemas', () => {
  it('a patch may hold any subset of the settings', () => {
    expect(SettingsPatchSchema.parse({})).toEqual({});
    expect(SettingsPatchSchema.parse({ engines: ['bing'], fetch: { proxy: null } })).toEqual({
      engines: ['bing'],
      fetch: { proxy: null },
    });
    expect(SettingsPatchSchema.parse({ fetch: { publicRanges: ['198.18.0.0/15', '2001:db8::/32'] } })).toBeTruthy();
  });

  it('a patch refuses unknown keys, the version, and values the settings file would refuse', () => {
    const refused = [
      { engine: ['bing'] },
      { version: 1 },
      { fetch: { allowPrivate: true } },
      { engines: [] },
      { engines: ['bing', 'altavista'] },
      { consent: 'maybe' },
      { pageTimeoutMs: 99 },
      { pageTimeoutMs: 600_001 },
      { resultCacheTtlMs: -1 },
      { fetch: { publicRanges: ['198.18.0.0'] } },
      { fetch: { publicRanges: ['not a range/8'] } },
      { fetch: { proxy: 'file:///etc/passwd' } },
      { fetch: { allowPrivateNetworks: 'yes' } },
    ];
    for (const patch of refused)
      expect(SettingsPatchSchema.safeParse(patch).success, JSON.stringify(patch)).toBe(false);
  });

  it('the settings file refuses a range that is not CIDR, with the value in the message', () => {
    const parsed = SettingsSchema.safeParse({ fetch: { publicRanges: ['198.18.0.0/40'] } });
    expect(parsed.error?.issues[0]?.message).toBe('"198.18.0.0/40" is not a CIDR range such as 198.18.0.0/15');
  });
});

describe('captcha schemas', () => {
  it('wait needs a known engine and caps the wait at 30 minutes', () => {
    expect(CaptchaWaitRequestSchema.parse({ engine: 'google' })).toEqual({ engine: 'google', timeoutMs: 60_000 });
    expect(CaptchaWaitRequestSchema.safeParse({ engine: 'altavista' }).success).toBe(false);
    expect(CaptchaWaitRequestSchema.safeParse({ engine: 'google', timeoutMs: 30 * 60_000 + 1 }).success).toBe(false);
  });
});

describe('every schema of the history, settings and captcha contracts', () => {
  it('converts to JSON Schema (what the HTTP door will build its OpenAPI document from)', () => {
    const schemas = Object.entries({ ...historyContract, ...settingsContract, ...captchaContract }).flatMap(
      // A file export's bytes travel over IPC or as the HTTP body itself, never as JSON: no JSON Schema for them.
      ([name, value]): Array<[string, z.ZodType]> =>
        value instanceof z.ZodType && name !== 'HistoryFileExportSchema' && name !== 'HistoryExportResponseSchema'
          ? [[name, value]]
          : [],
    );
    expect(schemas.length).toBeGreaterThanOrEqual(20);
    for (const [name, schema] of schemas) {
      for (const io of ['input', 'output'] as const) {
        expect(() => z.toJSONSchema(schema, { io }), `${name} (${io})`).not.toThrow();
      }
    }
  });
});
