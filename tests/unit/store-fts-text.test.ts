import { describe, expect, it } from 'vitest';
import { FTS_SEPARATOR, fromIndexText, toIndexText, toMatchQuery } from '../../src/main/store/fts-text';

const S = FTS_SEPARATOR;

describe('toIndexText', () => {
  it('sets every character of unspaced scripts apart and leaves spaced words whole', () => {
    expect(toIndexText('我们研究 search engines')).toBe(`${S}我${S}们${S}研${S}究${S} search engines`);
    expect(toIndexText('東京タワー')).toBe(`${S}東${S}京${S}タ${S}ワ${S}ー${S}`);
  });

  it('keeps a Thai base character with its combining marks', () => {
    // "น้ำ" is น + ้ (mark) + ำ (a spacing vowel sign, its own unit).
    expect(toIndexText('น้ำ').split(S).filter(Boolean)).toEqual(['น้', 'ำ']);
  });

  it('drops separators already in the text so they cannot change tokenisation', () => {
    expect(toIndexText(`ab${S}cd`)).toBe('abcd');
  });

  it('round-trips through fromIndexText', () => {
    const text = '北京天气 is fine, 서울에서 만나요';
    expect(fromIndexText(toIndexText(text))).toBe(text);
  });
});

describe('toMatchQuery', () => {
  it('makes each word a quoted phrase, all required', () => {
    expect(toMatchQuery('climate  研究')).toBe(`"climate" "${S}研${S}究${S}"`);
  });

  it('neutralises FTS5 syntax and quotes typed by the person', () => {
    expect(toMatchQuery('NEAR(a b) say"hi')).toBe('"NEAR(a" "b)" "say""hi"');
    expect(toMatchQuery('title:foo OR -bar')).toBe('"title:foo" "OR" "-bar"');
  });

  it('returns undefined when there is nothing to look for', () => {
    expect(toMatchQuery('  ... --- ')).toBeUndefined();
    expect(toMatchQuery('')).toBeUndefined();
  });
});
