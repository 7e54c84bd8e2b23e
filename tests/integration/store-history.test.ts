import { afterEach, describe, expect, it } from 'vitest';
import { LanternError } from '../../src/shared/errors';
import { fakeClock, tempStore } from '../support/temp-store';

let cleanup: (() => void) | undefined;
afterEach(() => cleanup?.());

function setup() {
  const clock = fakeClock();
  const temp = tempStore({ now: clock.now });
  cleanup = temp.cleanup;
  return { clock, store: temp.store };
}

describe('history: threads and turns', () => {
  it('creates threads, appends turns in order and reads them back with their JSON fields', () => {
    const { store, clock } = setup();
    const thread = store.history.createThread();
    clock.advance(1_000);
    const first = store.history.appendTurn(thread.id, {
      question: 'What is   a heat pump?\n',
      mode: 'answer',
      answer: 'It moves heat [1].',
      citations: [{ n: 1, quote: 'moves heat', supported: true }],
      sources: [{ url: 'https://a.example/', title: 'A' }],
      timings: { search: 800, compose: 120 },
    });
    clock.advance(1_000);
    store.history.appendTurn(thread.id, { question: 'And in winter?', mode: 'search' });

    const read = store.history.getThread(thread.id);
    expect(read).toMatchObject({
      id: thread.id,
      title: 'What is a heat pump?',
      turnCount: 2,
      createdAt: clock.now() - 2_000,
      updatedAt: clock.now(),
    });
    expect(read?.turns.map((t) => [t.position, t.question, t.mode])).toEqual([
      [0, 'What is   a heat pump?\n', 'answer'],
      [1, 'And in winter?', 'search'],
    ]);
    expect(read?.turns[0]).toEqual(first);
    expect(read?.turns[0]?.citations).toEqual([{ n: 1, quote: 'moves heat', supported: true }]);
    expect(read?.turns[1]).toMatchObject({ answer: '', citations: [], sources: [], timings: {} });
  });

  it('lists threads most recently active first', () => {
    const { store, clock } = setup();
    const a = store.history.createThread('a');
    clock.advance(10);
    const b = store.history.createThread('b');
    clock.advance(10);
    store.history.appendTurn(a.id, { question: 'back to a', mode: 'answer' });
    expect(store.history.listThreads().map((t) => [t.id, t.turnCount])).toEqual([
      [a.id, 1],
      [b.id, 0],
    ]);
    expect(store.history.listThreads({ limit: 1, offset: 1 }).map((t) => t.id)).toEqual([b.id]);
  });

  it('deletes a thread with its turns and their index entries; ids are not reused', () => {
    const { store } = setup();
    const thread = store.history.createThread('to delete');
    store.history.appendTurn(thread.id, { question: 'ephemeral words', mode: 'answer' });
    expect(store.history.deleteThread(thread.id)).toBe(true);
    expect(store.history.deleteThread(thread.id)).toBe(false);
    expect(store.history.getThread(thread.id)).toBeUndefined();
    expect(store.db.prepare('SELECT COUNT(*) FROM turns').pluck().get()).toBe(0);
    expect(store.fullText.search('ephemeral')).toEqual([]);
    expect(store.history.createThread('next').id).toBeGreaterThan(thread.id);
  });

  it('refuses a turn for a missing thread with NOT_FOUND', () => {
    const { store } = setup();
    expect(() => store.history.appendTurn(404, { question: 'q', mode: 'answer' })).toThrowError(
      expect.objectContaining({ code: 'NOT_FOUND', message: expect.stringContaining('No thread 404') }) as Error,
    );
  });
});

describe('full-text search over history and pages', () => {
  function seed() {
    const ctx = setup();
    const { store } = ctx;
    const zh = store.history.createThread();
    store.history.appendTurn(zh.id, {
      question: '如何提高睡眠质量?',
      mode: 'answer',
      answer: '保持规律的作息时间,睡前避免使用手机 [1]。',
    });
    const en = store.history.createThread();
    store.history.appendTurn(en.id, {
      question: 'How do vaccines train the immune system?',
      mode: 'answer',
      answer: 'Vaccines expose the body to a harmless antigen [1].',
    });
    store.pages.putPage({
      url: 'https://zh.example/sleep',
      finalUrl: 'https://zh.example/sleep',
      status: 200,
      contentType: 'text/html',
      title: '睡眠指南',
      markdown: '成年人每晚需要七到九小时的睡眠。规律作息有助于入睡。',
    });
    store.pages.putPage({
      url: 'https://en.example/immunity',
      finalUrl: 'https://en.example/immunity',
      status: 200,
      contentType: 'text/html',
      title: 'Immunity basics',
      markdown: 'The immune system learns from each antigen it meets. Vaccines make that safe.',
    });
    return { ...ctx, zh, en };
  }

  it('finds a Chinese two-character word in turns and pages', () => {
    const { store, zh } = seed();
    const hits = store.fullText.search('睡眠');
    expect(hits.map((h) => (h.kind === 'turn' ? `turn:${h.threadId}` : `page:${h.url}`)).sort()).toEqual(
      [`turn:${zh.id}`, 'page:https://zh.example/sleep'].sort(),
    );
    const page = hits.find((h) => h.kind === 'page');
    expect(page?.snippet).toContain('**睡眠**');
    expect(page?.snippet).not.toMatch(/\u200b/);
    // A word that is in neither: 作息 is in both the turn and the page, 手机 only in the turn.
    expect(store.fullText.search('手机').map((h) => h.kind)).toEqual(['turn']);
    expect(store.fullText.search('咖啡')).toEqual([]);
  });

  it('finds an English word in turns and pages, case- and diacritic-insensitively', () => {
    const { store, en } = seed();
    const hits = store.fullText.search('Vaccines');
    expect(hits.map((h) => (h.kind === 'turn' ? `turn:${h.threadId}` : `page:${h.url}`)).sort()).toEqual(
      [`turn:${en.id}`, 'page:https://en.example/immunity'].sort(),
    );
    expect(hits.find((h) => h.kind === 'turn')?.snippet).toMatch(/\*\*vaccines\*\*/i);
    expect(store.fullText.search('ANTIGÉN')).toHaveLength(2);
  });

  it('requires every word, ranks title and question matches first, and honours the scope', () => {
    const { store } = seed();
    expect(
      store.fullText
        .search('immune antigen')
        .map((h) => h.kind)
        .sort(),
    ).toEqual(['page', 'turn']);
    expect(store.fullText.search('immune 睡眠')).toEqual([]);
    expect(store.fullText.search('immunity', { scope: 'history' })).toEqual([]);
    expect(store.fullText.search('vaccines', { scope: 'pages' }).map((h) => h.kind)).toEqual(['page']);

    store.pages.putPage({
      url: 'https://rank.example/body',
      finalUrl: 'https://rank.example/body',
      status: 200,
      contentType: 'text/html',
      title: 'Unrelated title',
      markdown: 'A long text about many things, among them photosynthesis, and much else besides.',
    });
    store.pages.putPage({
      url: 'https://rank.example/title',
      finalUrl: 'https://rank.example/title',
      status: 200,
      contentType: 'text/html',
      title: 'Photosynthesis',
      markdown: 'A long text about many things, among them photosynthesis, and much else besides.',
    });
    expect(store.fullText.search('photosynthesis').map((h) => h.kind === 'page' && h.url)).toEqual([
      'https://rank.example/title',
      'https://rank.example/body',
    ]);
  });

  it('treats FTS5 syntax as plain words and rejects a query with nothing to find', () => {
    const { store } = seed();
    // Without quoting, these would be a syntax error or a column filter / prefix query.
    expect(store.fullText.search('system) immune* title:')).toHaveLength(0);
    expect(
      store.fullText
        .search('system) immune*')
        .map((h) => h.kind)
        .sort(),
    ).toEqual(['page', 'turn']);
    expect(() => store.fullText.search(' *** ')).toThrowError(LanternError);
  });
});
