/**
 * What a word and a content term are (src/main/answer/terms.ts): shared by ranking, composing and
 * checking, so a page word and a question word must fold to the same term.
 */
import { describe, expect, it } from 'vitest';
import { contentTerm, contentTerms, sameTerm } from '../../src/main/answer/terms';

describe('content terms of words with invisible format characters', () => {
  it('drops soft hyphens, word joiners and BOMs, so the page word meets the question word', () => {
    expect(contentTerms('Ver\u00adsion 4 of pho\u00adto\u00adgra\u00adphy')).toEqual(
      contentTerms('Version 4 of photography'),
    );
    expect(contentTerms('Ver\u00adsion 4 of pho\u00adto\u00adgra\u00adphy')).toEqual(['version', '4', 'photography']);
    expect(contentTerm('Clean\u2060room')).toBe('cleanroom');
    expect(contentTerm('\ufeffcamera')).toBe('camera');
    // Folded like any word: stemmed, and a hyphenated function word is still one.
    expect(contentTerm('re\u00adports')).toBe('report');
    expect(contentTerm('the\u00ad')).toBeUndefined();
    expect(sameTerm(contentTerm('Ver\u00adsion')!, contentTerm('version')!)).toBe(true);
  });

  it('still splits words at a zero-width space, which separates them', () => {
    expect(contentTerms('photo\u200bgraphy')).toEqual(['photo', 'graphy']);
  });
});

describe('number words', () => {
  it('fold to their digits, so "five phases" meets "5 phases", in the languages of the lexicon', () => {
    expect(contentTerms('the five phases')).toEqual(contentTerms('the 5 phases'));
    expect(contentTerm('fünf')).toBe('5');
    expect(contentTerm('Trois')).toBe('3');
    // Words that are as often another language's common words stay words.
    expect(contentTerm('due')).toBe('due');
    expect(contentTerm('cent')).toBe('cent');
  });
});

describe('English inflections', () => {
  it('meet their stem when the inflection doubled its last consonant, as Porter does', () => {
    expect(contentTerm('logging')).toBe(contentTerm('log'));
    expect(contentTerm('planned')).toBe('plan');
    expect(contentTerm('shopping')).toBe('shop');
    // ll, ss and zz stay doubled: "fall", "miss", "buzz" end so themselves.
    expect(contentTerm('falling')).toBe('fall');
    expect(contentTerm('missed')).toBe('miss');
  });
});
