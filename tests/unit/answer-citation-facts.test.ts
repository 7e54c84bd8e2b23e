import { describe, expect, it } from 'vitest';
import { checkCitations } from '../../src/main/answer/check-citations';
import { pagePassages } from '../../src/main/answer/passages';
import type { Citation } from '../../src/shared/answer-contract';

/** The one citation of `claim [1].` against a page of `markdown`. */
function cite(claim: string, markdown: string, title = 'Page'): Citation {
  const passages = pagePassages({ n: 1, url: 'https://p.example', title, markdown }, 0);
  const citation = checkCitations(`${claim} [1].`, passages, 1).sentences[0]?.citations[0];
  if (!citation) throw new Error('no citation');
  return citation;
}

describe('citation check: figures and their units', () => {
  const battery = 'The speaker delivers 34 hours of battery life on a single charge.';

  it('supports the same figure in another unit of its kind, and says which words matched', () => {
    const citation = cite('The speaker delivers 2040 minutes of battery life on a single charge', battery);
    expect(citation).toMatchObject({ supported: true, state: 'supported' });
    expect(citation.why).toContain('"2040 minutes"');
  });

  it('contradicts the same number in another unit, naming both', () => {
    const citation = cite('The speaker delivers 34 days of battery life on a single charge', battery);
    expect(citation).toMatchObject({ supported: false, state: 'unsupported' });
    expect(citation.why).toBe('contradicted: the passage says 34 hours, not 34 days');
  });

  it('contradicts a share given as a count, and a sum given per month that the page gives per year', () => {
    expect(
      cite(
        'Nearly 90 million taxpayers use the standard deduction',
        'Nearly 90% of taxpayers use the standard deduction.',
      ).why,
    ).toBe('contradicted: the passage says 90%, not 90 million');
    const rate = cite(
      'You can deduct up to $10,000 per month of interest on auto loans',
      'You can deduct up to $10,000 per year of interest on auto loans.',
    );
    expect(rate).toMatchObject({ state: 'unsupported' });
    expect(rate.why).toContain('not up to $10,000 per month');
  });

  it('contradicts a bound turned round ("höchstens" for "mindestens")', () => {
    const page = 'Als Mieter bewohnt er ein Einfamilienhaus mit mindestens 90 Quadratmetern Wohnfläche.';
    expect(
      cite('Als Mieter bewohnt er ein Einfamilienhaus mit mindestens 90 Quadratmetern Wohnfläche', page).supported,
    ).toBe(true);
    expect(cite('Als Mieter bewohnt er ein Einfamilienhaus mit höchstens 90 Quadratmetern Wohnfläche', page).why).toBe(
      'contradicted: the passage says mindestens 90 Quadratmetern, not höchstens 90 Quadratmetern',
    );
  });

  it('reads a duration written as an adjective joined to its number ("27-letni", "27-miesięczny")', () => {
    const page = 'W 1965 roku do szpitala Maryfield w szkockim Dundee zgłosił się 27-letni Angus Barbieri.';
    expect(cite('W 1965 roku do szpitala Maryfield w Dundee zgłosił się 27-letni Angus Barbieri', page).supported).toBe(
      true,
    );
    expect(cite('W 1965 roku do szpitala Maryfield w Dundee zgłosił się 27-miesięczny Angus Barbieri', page).why).toBe(
      'contradicted: the passage says 27-letni, not 27-miesięczny',
    );
  });

  it('tells another multiplier of one count apart ("500 Millionen" for "500 Milliarden")', () => {
    const page = 'Sie fordert einen Fonds, der mit SDRs im Wert von 500 Milliarden kapitalisiert wird.';
    expect(
      cite('Sie fordert einen Fonds, der mit SDRs im Wert von 500 Millionen kapitalisiert wird', page).supported,
    ).toBe(false);
  });

  it('reads numbers written as words in each language, but not "one"', () => {
    const page = 'Die Klimaaktivisten wollten vor zwei Wochen die Verbindung sichtbar machen.';
    expect(cite('Die Klimaaktivisten wollten vor 2 Wochen die Verbindung sichtbar machen', page).supported).toBe(true);
    expect(cite('Die Klimaaktivisten wollten vor drei Wochen die Verbindung sichtbar machen', page).supported).toBe(
      false,
    );
    expect(cite('On one charge it delivers 34 hours of battery life', battery).supported).toBe(true);
  });
});

describe('citation check: negation', () => {
  const heart = 'Regular exercise strengthens the heart and reduces the risk of heart disease.';

  it('never supports a claim that denies what the passage says, however many words match', () => {
    const citation = cite('Regular exercise does not reduce the risk of heart disease', heart);
    expect(citation).toMatchObject({ supported: false, state: 'unsupported' });
    expect(citation.why).toBe('contradicted: the passage does not say "not"');
  });

  it('reads denials in other languages and elided French ones', () => {
    expect(
      cite('Angusowi pomysł poszczenia nie przypadł do gustu', 'Angusowi pomysł poszczenia przypadł do gustu.')
        .supported,
    ).toBe(false);
    expect(
      cite("Le CIRC ne l'a jamais classé cancérogène probable", "Le CIRC l'a classé cancérogène probable en 2015.")
        .supported,
    ).toBe(false);
    expect(cite('Steuerbescheide werden nie angefordert', 'Häufig werden Steuerbescheide angefordert.').supported).toBe(
      false,
    );
  });

  it("does not take a denial of something else in the span for the claim's", () => {
    const page =
      "Our shirts keep you comfortable, even when your training's not. With Gymshark's DRY technology, our tops wick sweat away from your skin.";
    expect(cite("Gymshark's tops do not wick sweat away from your skin", page).supported).toBe(false);
    expect(
      cite('The tops of Gymshark do not let sweat stay on the skin', 'Gymshark tops do not let sweat stay on the skin.')
        .supported,
    ).toBe(true);
  });
});

describe('citation check: the way a comparison goes', () => {
  it('contradicts the opposite direction about the same thing', () => {
    const heart = 'Regular exercise strengthens the heart and reduces the risk of heart disease.';
    expect(cite('Regular exercise weakens the heart', heart).why).toBe(
      'contradicted: the passage says "strengthens", not "weakens"',
    );
    expect(
      cite('Stopa bezrobocia w Polsce jest najwyższa w UE', 'Stopa bezrobocia w Polsce jest najniższa w UE.').supported,
    ).toBe(false);
    expect(
      cite('Etelä-Suomen talvista uhkaa tulla kylmempiä', 'Etelä-Suomen talvista uhkaa tulla lauhempia.').supported,
    ).toBe(false);
  });

  it('leaves a bound written with its figure to the figure ("less than 72 hours" is "within 72 hours")', () => {
    const page = 'If you cancel within 72 hours of your reservation date, you forfeit the 10% deposit.';
    expect(
      cite('Cancelling less than 72 hours before your reservation date, you forfeit the 10% deposit', page).supported,
    ).toBe(true);
  });
});

describe('citation check: names', () => {
  it('takes German nouns for nouns, and a name after a preposition or another name for a name', () => {
    const page = 'Die Klimaaktivisten der Gruppe Extinction Rebellion protestierten in Rostock vor der Börse.';
    expect(
      cite('Die Umweltschützer der Gruppe Extinction Rebellion protestierten in Rostock vor der Börse', page).supported,
    ).toBe(true);
    const moved = cite(
      'Die Klimaaktivisten der Gruppe Extinction Rebellion protestierten in Hamburg vor der Börse',
      page,
    );
    expect(moved).toMatchObject({ supported: false, state: 'partly' });
    expect(moved.why).toContain('missing: "Hamburg"');
  });

  it('meets a name in its possessive and its inflected forms', () => {
    const page = "With Gymshark's DRY technology, the tops wick sweat away.";
    expect(cite('The DRY technology of Gymshark makes the tops wick sweat away', page).supported).toBe(true);
    expect(cite('Angusowi pomysł przypadł do gustu', 'Angus uznał, że pomysł przypadł mu do gustu.').supported).toBe(
      true,
    );
  });

  it('finds an acronym spelt out, and a name the page states only in its title', () => {
    const page = 'Object-oriented programming dominates the industry, but it is awkward in JavaScript.';
    expect(cite('OOP dominates the industry but is awkward in JavaScript', page).supported).toBe(true);
    expect(
      cite('The museum in Osaka opened in 1970', 'The museum opened in 1970.', 'A museum in Osaka').supported,
    ).toBe(true);
  });

  it('holds a first word that is a name (a possessive, the start of a full name) to the page', () => {
    const page = "Parise's first-period goals gave the Wild a commanding lead.";
    expect(cite("Suter's first-period goals gave the Wild a commanding lead", page).supported).toBe(false);
    expect(cite('Troy Hanson is CEO of Orion', 'Troy Harris is CEO of Orion.').supported).toBe(false);
  });

  it('holds a nationality written in lower case to the page', () => {
    const page = 'Die Musik stammt von Christopher Dallman, einem jungen US-amerikanischen Songwriter.';
    expect(cite('Die Musik stammt von Christopher Dallman, einem jungen kanadischen Songwriter', page).supported).toBe(
      false,
    );
    expect(cite('Die Musik stammt von Christopher Dallman, einem amerikanischen Songwriter', page).supported).toBe(
      true,
    );
  });

  it("holds a country named in German outside a preposition's reach to the page", () => {
    const page = 'Auch Argentiniens Präsident wünschte dem Radsport-Star eine schnelle Genesung.';
    expect(cite('Auch Brasiliens Präsident wünschte dem Radsport-Star eine schnelle Genesung', page).supported).toBe(
      false,
    );
    expect(cite('Der argentinische Präsident wünschte dem Radsport-Star eine schnelle Genesung', page).supported).toBe(
      true,
    );
  });

  it('holds the month of a date to the page', () => {
    const page = 'Am 31. Oktober endet die Amtszeit der Intendantin.';
    expect(cite('Am 31. Oktober endet die Amtszeit der Intendantin', page).supported).toBe(true);
    expect(cite('Am 31. November endet die Amtszeit der Intendantin', page).supported).toBe(false);
  });
});

describe('citation check: content', () => {
  it("matches words through their stems in the page's language, in any order", () => {
    const page = 'The battery lasts up to 12 hours on a single charge.';
    expect(cite('On a single charge, the battery can last up to 12 hours', page)).toMatchObject({
      supported: true,
      state: 'supported',
    });
  });

  it("says which of the claim's words the passage lacks", () => {
    const citation = cite(
      'Kolumbiens Präsident besuchte den Star im Krankenhaus',
      'Kolumbiens Präsident wünschte dem Radsport-Star eine schnelle Genesung.',
    );
    expect(citation.state).toBe('unsupported');
    expect(citation.why).toMatch(/^only \d+ of \d+ of its words \(not .*"besuchte".*"Krankenhaus"/);
  });
});
