import { describe, expect, it } from 'vitest';
import { hasNumberWord, withNumberWordsAsDigits } from '../../src/main/text/number-lexicon';
import { isNegation, negationsIn } from '../../src/main/text/negation-lexicon';
import { directionOf, directionsIn } from '../../src/main/text/direction-lexicon';
import { demonymStem, isDemonym, isGermanName, isMonth } from '../../src/main/text/name-lexicon';
import { guessLanguage, isFunctionWord } from '../../src/main/text/language-lexicon';
import { words } from '../../src/main/answer/terms';

describe('number-lexicon', () => {
  it('writes number words as digits in each language, whole words only, keeping "one" and the rest', () => {
    expect(withNumberWordsAsDigits('vor drei Wochen, trois jours, tre giorni, dwa lata, kolme vuotta')).toBe(
      'vor 3 Wochen, 3 jours, 3 giorni, 2 lata, 3 vuotta',
    );
    expect(withNumberWordsAsDigits('Twelve hours on one charge')).toBe('12 hours on one charge');
    // Inside other words (the boundary is any script's, not ASCII's \b): "Dreieck", "trenta" untouched as parts.
    expect(withNumberWordsAsDigits('Ein Dreieck, zweifach, otto’s')).toBe('Ein Dreieck, zweifach, 8’s');
    expect(withNumberWordsAsDigits('über zwölf Monate')).toBe('über 12 Monate');
  });

  it('tells whether a text has any number word to rewrite', () => {
    expect(hasNumberWord(words('Am zwölften Tag'))).toBe(false);
    expect(hasNumberWord(words('Nach Zwölf Tagen'))).toBe(true);
  });
});

describe('negation-lexicon', () => {
  it('knows the denials of each language, contractions and elisions', () => {
    expect(negationsIn(words("It doesn't fit, c'est pas ça, n'est jamais, nicht, nie, non, ei, не"))).toEqual([
      "doesn't",
      'pas',
      "n'est",
      'jamais',
      'nicht',
      'nie',
      'non',
      'ei',
      'не',
    ]);
  });

  it('does not take French "en" or "et" for the Finnish negative verb', () => {
    expect(isNegation('en')).toBe(false);
    expect(isNegation('et')).toBe(false);
    expect(isNegation('eivät')).toBe(true);
  });
});

describe('direction-lexicon', () => {
  it('gives each word its scale and direction, a whole word before a stem', () => {
    expect(directionOf('höchstens')).toEqual({ scale: 'amount', direction: 'down' });
    expect(directionOf('höchste')).toEqual({ scale: 'amount', direction: 'up' });
    expect(directionOf('Increasing')).toEqual({ scale: 'amount', direction: 'up' });
    expect(directionOf('weakens')).toEqual({ scale: 'strength', direction: 'down' });
    expect(directionOf('najniższa')).toEqual({ scale: 'amount', direction: 'down' });
    expect(directionOf('lauhempia')).toEqual({ scale: 'warmth', direction: 'up' });
    expect(directionOf('plus')).toBeUndefined();
  });

  it("collects a text's directions per scale with the first word of each", () => {
    const found = directionsIn(words('It strengthens the heart and reduces the risk and lowers it'));
    expect([...found].map(([scale, ways]) => [scale, [...ways]])).toEqual([
      ['strength', [['up', 'strengthens']]],
      ['amount', [['down', 'reduces']]],
    ]);
  });
});

describe('name-lexicon', () => {
  it('knows months in any case, and only whole words', () => {
    expect(isMonth('Oktober')).toBe(true);
    expect(isMonth('grudnia')).toBe(true);
    expect(isMonth('lokakuussa')).toBe(true);
    expect(isMonth('Mayor')).toBe(false);
  });

  it('finds a people in a lower-case adjective of several languages, by its stem', () => {
    expect(isDemonym('kanadischen')).toBe(true);
    expect(isDemonym('irlandzkiego')).toBe(true);
    expect(demonymStem('US-amerikanischen')).toBeUndefined();
    expect(demonymStem('amerikanischen')).toBe('amerikan');
    expect(isDemonym('Kanal')).toBe(false);
  });

  it("knows countries' names of Lantern's languages (ICU's), inflected, and meets a country's adjective through them", () => {
    expect(demonymStem('Ecuadors')).toBe('ecuador');
    expect(demonymStem('Kolumbiens')).toBe(demonymStem('kolumbianische'));
    expect(demonymStem('Argentiniens')).not.toBe(demonymStem('Brasiliens'));
    expect(isDemonym('Meksyku')).toBe(true);
    // A people's stem covers its country; short names and common words are left out.
    expect(demonymStem('Deutschland')).toBe('deutsch');
    expect(isDemonym('malicious')).toBe(false);
    expect(isDemonym('schweigen')).toBe(false);
    expect(isDemonym('turkeys')).toBe(false);
    expect(isDemonym('Island')).toBe(false);
  });

  it('takes a capitalised German word for a name only after a preposition without article or another name', () => {
    expect(isGermanName('in', false)).toBe(true);
    expect(isGermanName('der', false)).toBe(false);
    expect(isGermanName('mit', false)).toBe(false);
    expect(isGermanName(undefined, true)).toBe(true);
    expect(isGermanName(undefined, false)).toBe(false);
  });
});

describe('language-lexicon', () => {
  it('guesses the language of a short text from its function words', () => {
    expect(guessLanguage(words('Die Grenze sollte auf die installierte Leistung bezogen werden'))).toBe('de');
    expect(guessLanguage(words('The battery lasts up to 12 hours'))).toBe('en');
    expect(guessLanguage(words('Stopa bezrobocia w Polsce jest najniższa w UE'))).toBe('pl');
    expect(guessLanguage(words('Xyz 12'))).toBeUndefined();
    expect(isFunctionWord('Zum')).toBe(true);
    expect(isFunctionWord('Wohnung')).toBe(false);
  });
});
