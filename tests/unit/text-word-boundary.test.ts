/**
 * JavaScript's `\b` knows only ASCII letters (ECMAScript's IsWordChar: [A-Za-z0-9_]), so a cue
 * that begins or ends with another letter ("consulté", "zł", "cię", "übernimmt") never matches
 * next to a space. Each case below is a sentence of the kind the rule exists for, in the language
 * the cue is in; all of them failed before the rules used a boundary that knows every script.
 */
import { describe, expect, it } from 'vitest';
import { isFurniture } from '../../src/main/answer/lead-shape.js';
import { dropClosingNotes } from '../../src/main/extract/closing-notes.js';
import { findFirst, nonSpaceLength, parseHtml, rawText, type Element } from '../../src/main/extract/dom.js';
import { extractHtml } from '../../src/main/extract';
import { dropProductRails } from '../../src/main/extract/product-rails.js';
import { unicodeWordRegExp, wordRule, wordsPattern } from '../../src/main/text/word-boundary.js';

const prose = [
  'Le conseil municipal a voté mardi la restauration de la vieille halle du marché avant l’automne prochain.',
  'Le coût d’environ quatre millions d’euros est partagé entre la ville et la région, a dit le maire.',
  'Les habitants demandaient depuis des années que le bâtiment classé soit conservé plutôt que démoli.',
  'Les travaux commencent au printemps par la toiture, puis la façade, le chauffage et les étals.',
];

function bodyOf(html: string): Element {
  const body = findFirst(parseHtml(`<!doctype html><html><body>${html}</body></html>`), (el) => el.name === 'body');
  if (!body) throw new Error('no body');
  return body;
}

describe('a word boundary that knows every script', () => {
  it('matches words that begin or end with a letter outside ASCII, and not inside a longer word', () => {
    const cue = wordsPattern(['consulté', 'zł', 'übernimmt']);
    expect(cue.test('Consulté le 3 mars 2024')).toBe(true);
    expect(cue.test('kosztuje 120 zł.')).toBe(true);
    expect(cue.test('Die Redaktion übernimmt keine Haftung')).toBe(true);
    expect(cue.test('unconsultéd')).toBe(false);
    expect(cue.test('120 złoty')).toBe(false);
    expect(cue.test('Rückübernimmt')).toBe(false);
  });

  it('reads \\b in a rule written for any language as that boundary, outside character classes only', () => {
    const rule = unicodeWordRegExp(String.raw`\bpotrzebujemy (?:cię|was)\b|[\b]x`, 'iu');
    expect(rule.test('Potrzebujemy cię!')).toBe(true);
    expect(rule.test('potrzebujemy cięż')).toBe(false);
    expect(rule.test('a\bx')).toBe(true); // [\b] is a backspace, as in any regex
  });
});

describe('wordRule: a rule only tested, tried first without its boundaries', () => {
  const texts = [
    'Subscribe now for the full story',
    'Our subscribers read it first', // "subscribe" inside a longer word: the loose try passes, the rule does not
    'Potrzebujemy cię!',
    'potrzebujemy cięż',
    'Consulté le 3 mai 2025 sur https://site.example/page',
    'unconsulté https://site.example',
    'Die Redaktion übernimmt keine Haftung',
    'nothing to see here',
    '',
  ];

  it('answers as the RegExp of unicodeWordRegExp does, for every text', () => {
    const sources = [
      String.raw`\bsubscribe\b|\bpotrzebujemy (?:cię|was)\b`,
      String.raw`\b(consulté|retrieved)\b.{0,60}?https?:\/\/`,
      String.raw`\bübernimmt keine (?:haftung|verantwortung)\b`,
      String.raw`^(?:von|by)\s*:|\bno ratings yet\b`,
      // A boundary inside a negative lookaround: dropped, the rule would match less (not
      // "subscribers"), so such a source is tried with its boundaries only.
      String.raw`\bsubscribe(?!\brs)\b?`,
    ];
    for (const source of sources) {
      const regex = unicodeWordRegExp(source);
      const rule = wordRule(source);
      for (const text of texts) expect(rule.test(text), `${source} on "${text}"`).toBe(regex.test(text));
    }
    expect(wordRule(String.raw`\bsubscribe\b`).test('Our subscribers read it first')).toBe(false);
  });

  it('refuses flags that keep state between tests', () => {
    expect(() => wordRule(String.raw`\bx\b`, 'giu')).toThrow(/keep state/);
  });
});

describe('nonSpaceLength', () => {
  it('counts what is left after removing \\s, for every UTF-16 unit and in runs', () => {
    for (let unit = 0; unit <= 0xffff; unit++) {
      const text = `a${String.fromCharCode(unit)}b`;
      if (nonSpaceLength(text) !== text.replace(/\s+/g, '').length) expect.fail(`U+${unit.toString(16)}`);
    }
    const mixed = ' \t Grüße,\u00a0世界\u3000\n\u2028 𝒳 \ufeff ';
    expect(nonSpaceLength(mixed)).toBe(mixed.replace(/\s+/g, '').length);
  });
});

describe('the rules that used an ASCII \\b over words of other languages', () => {
  it('lead-shape: a French "Consulté le …" line is bibliographic furniture', () => {
    expect(isFurniture('Consulté le 3 mars 2024.')).toBe(true);
    expect(isFurniture('Consultado el 3 de marzo de 2024.')).toBe(true);
  });

  it('structural boilerplate: a French citation box is dropped', () => {
    const html = `<!doctype html><html><head><title>La halle restaurée</title></head><body><div class="x0"><div class="x1"><h1>La halle restaurée</h1><div class="x2">
      ${prose.map((s) => `<p>${s}</p>`).join('')}
      <div class="b1"><p>Citer : Dupont, J. (2025). La halle restaurée. Le Journal. Consulté le 3 mai 2025 sur https://site.example/page</p></div>
      </div></div></div></body></html>`;
    const text = extractHtml(html, 'https://site.example/page').text;
    for (const s of prose) expect(text).toContain(s);
    expect(text).not.toContain('Consulté le 3 mai');
  });

  it('product rails: a rail of cards priced in złoty or koruny is dropped', () => {
    const card = (name: string, price: string): string =>
      `<div><a href="https://shop.example/${encodeURIComponent(name)}">${name}</a> <span>${price}</span></div>`;
    for (const currency of ['zł', 'Kč']) {
      const rail = [
        card('Bulwy topinamburu, trzy sztuki', `39,99 ${currency}`),
        card('Widły z czterema zębami', `130,95 ${currency}`),
        card('Konewka ocynkowana 10 l', `89 ${currency}`),
      ].join('');
      const body = bodyOf(`<div><p>${prose.join(' ')}</p><div>${rail}</div></div>`);
      dropProductRails(body);
      expect(rawText(body), currency).toContain(prose[0]);
      expect(rawText(body), currency).not.toContain('Widły');
    }
  });

  it('closing notes: a Polish appeal and a German disclaimer are dropped', () => {
    for (const note of [
      'Potrzebujemy cię, by pisać dalej.',
      'Die Redaktion übernimmt keine Haftung für verlinkte Inhalte.',
    ]) {
      const body = bodyOf(`<div><p>${prose.join(' ')}</p><p>${note}</p></div>`);
      dropClosingNotes(body);
      expect(rawText(body), note).toContain(prose[0]);
      expect(rawText(body), note).not.toContain(note);
    }
  });
});
