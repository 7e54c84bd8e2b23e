import { describe, expect, it } from 'vitest';
import { detectQueryLanguage } from '../../src/main/search/query-language';

describe('detectQueryLanguage', () => {
  it.each([
    ['餐具英语', 'zh-CN'],
    ['歯 真ん中溶けてる', 'ja'],
    ['커피 추천', 'ko'],
    ['قهوة عربية', 'ar'],
    ['کتاب فارسی چیست', 'fa'],
    ['кофе рецепт', 'ru'],
    ['кава їжа', 'uk'],
    ['καφές', 'el'],
    ['กาแฟ', 'th'],
    ['कॉफ़ी', 'hi'],
    ['קפה', 'iw'],
  ])('%s → %s', (query, language) => {
    expect(detectQueryLanguage(query)).toBe(language);
  });

  it('leaves Latin-script and symbol-only queries to the engine', () => {
    expect(detectQueryLanguage('coffee beans')).toBeUndefined();
    expect(detectQueryLanguage('café crème')).toBeUndefined();
    expect(detectQueryLanguage('☕ 🇧🇷 2024')).toBeUndefined();
  });
});
