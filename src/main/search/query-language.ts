/**
 * The interface language (Google's `hl`) a query's script implies, when the caller gave none.
 * Script is a reliable signal even for two-word queries, unlike statistical language
 * identification; Latin-script queries return undefined and leave the choice to the engine.
 */
const SCRIPT_LANGUAGES: ReadonlyArray<[RegExp, string]> = [
  // Kana before Han: Japanese text mixes both.
  [/[\p{Script=Hiragana}\p{Script=Katakana}]/u, 'ja'],
  [/\p{Script=Hangul}/u, 'ko'],
  [/\p{Script=Han}/u, 'zh-CN'],
  // Letters Persian has and Arabic lacks.
  [/[پچژگ]/u, 'fa'],
  [/\p{Script=Arabic}/u, 'ar'],
  [/\p{Script=Hebrew}/u, 'iw'],
  // Letters Ukrainian has and Russian lacks.
  [/[іїєґІЇЄҐ]/u, 'uk'],
  [/\p{Script=Cyrillic}/u, 'ru'],
  [/\p{Script=Greek}/u, 'el'],
  [/\p{Script=Thai}/u, 'th'],
  [/\p{Script=Devanagari}/u, 'hi'],
  [/\p{Script=Bengali}/u, 'bn'],
  [/\p{Script=Tamil}/u, 'ta'],
  [/\p{Script=Armenian}/u, 'hy'],
  [/\p{Script=Georgian}/u, 'ka'],
];

export function detectQueryLanguage(query: string): string | undefined {
  for (const [script, language] of SCRIPT_LANGUAGES) {
    if (script.test(query)) return language;
  }
  return undefined;
}
