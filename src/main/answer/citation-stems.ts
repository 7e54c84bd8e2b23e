/**
 * Stems per language for the citation check's content match (Snowball-family stemmers from
 * @orama/stemmers, Apache-2.0): "lasts" and "last", "Einstürze" and "Einsturz" meet. Polish has
 * none there; its words meet by their shared beginning (`sameTerm`) as before. A stem is only
 * ever compared within one language: the claim's, when the page is written in it too.
 */
import { stemmer as english } from '@orama/stemmers/english';
import { stemmer as german } from '@orama/stemmers/german';
import { stemmer as french } from '@orama/stemmers/french';
import { stemmer as italian } from '@orama/stemmers/italian';
import { stemmer as spanish } from '@orama/stemmers/spanish';
import { stemmer as portuguese } from '@orama/stemmers/portuguese';
import { stemmer as finnish } from '@orama/stemmers/finnish';
import { stemmer as russian } from '@orama/stemmers/russian';
import type { Language } from '../text/language-lexicon';

export type Stemmer = (term: string) => string;

const STEMMERS: Partial<Record<Language, Stemmer>> = {
  en: english,
  de: german,
  fr: french,
  it: italian,
  es: spanish,
  pt: portuguese,
  fi: finnish,
  ru: russian,
};

/** The stemmer of a language, when there is one. */
export function stemmerFor(language: Language | undefined): Stemmer | undefined {
  return language === undefined ? undefined : STEMMERS[language];
}
