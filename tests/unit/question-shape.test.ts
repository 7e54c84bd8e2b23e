/**
 * What shape of answer a question asks for, what it is about, and the facets of a compound
 * question (src/main/answer/question-shape.ts), in the languages the composer reads.
 */
import { describe, expect, it } from 'vitest';
import {
  comparisonFacets,
  comparisonSides,
  ownQuestion,
  ownTerms,
  questionFacets,
  questionLanguage,
  questionShape,
  subjectTerms,
} from '../../src/main/answer/question-shape';

describe('questionShape', () => {
  it('reads how-to, why, comparison, pros and cons and overview questions in several languages', () => {
    expect(questionShape('How do I start a zero waste lifestyle?')).toBe('howto');
    expect(questionShape('Wie kann man alle Daten aus Google Chrome exportieren?')).toBe('howto');
    expect(questionShape('Jak rozmawiać z osobą głuchą?')).toBe('howto');
    expect(questionShape('Why do landscape photographers use neutral density filters?')).toBe('why');
    expect(questionShape('Warum braucht Deutschland ein Ressourcenschutzgesetz?')).toBe('why');
    expect(questionShape('What is the difference between AI workflows and AI agents?')).toBe('comparison');
    expect(questionShape('Barbecue gaz ou charbon : comment choisir pour débuter ?')).toBe('comparison');
    expect(questionShape('What are the pros and cons of decluttering with the KonMari method?')).toBe('proscons');
    expect(questionShape('Quels sont les avantages et les inconvénients du barbecue à gaz ?')).toBe('proscons');
    expect(questionShape('Auto leasen oder bar kaufen: Was sind die Vor- und Nachteile?')).toBe('proscons');
    expect(questionShape('What should I know about ownership in Rust?')).toBe('overview');
  });

  it('leaves a question for a number or a name a factoid, even when it opens with "how"', () => {
    expect(questionShape('How much did a Disney+ subscription cost per month?')).toBe('factoid');
    expect(questionShape('Wie viele Ladezyklen halten Akkus aus?')).toBe('factoid');
    expect(questionShape('Who directed Parasite?')).toBe('factoid');
    // Reasons are asked outright: a why stays a why though it names a sum.
    expect(questionShape('Why does a heat pump cost so much?')).toBe('why');
  });

  it('never reads a cue inside another word (boundaries of any script)', () => {
    expect(questionShape('Which outlet reported the consolidation?')).toBe('factoid');
    expect(questionShape('Wiewohl das stimmt, wer schrieb es?')).toBe('factoid');
  });
});

describe('subjectTerms', () => {
  it('are the content terms without the words that say the shape', () => {
    expect(subjectTerms('What are the pros and cons of decluttering with the KonMari method?')).toEqual([
      'declutter',
      'konmari',
      'method',
    ]);
    expect(subjectTerms('What are the advantages and disadvantages of hybrid mobile apps?')).toEqual([
      'hybrid',
      'mobile',
      'apps',
    ]);
  });
});

describe('ownTerms', () => {
  it("are a facet's own words, without the subject it leans on nor the words of its shape, none put back", () => {
    expect(ownTerms('How much does it cost (digital nomads abroad legally)?')).toEqual(['cost']);
    expect(ownTerms('Why choose it (flame diffuser essential oils)?')).toEqual([]);
    // subjectTerms keeps a question that is all shape words its words, to rank by.
    expect(subjectTerms('Why choose it?')).toEqual(['choose']);
  });
});

describe('comparisonSides', () => {
  it('splits a comparison into its two sides', () => {
    expect(comparisonSides('Native apps vs web apps: what are the pros and cons of each?')).toEqual([
      ['native', 'apps'],
      ['web', 'apps'],
    ]);
    expect(comparisonSides('What is the difference between AI workflows and AI agents?')).toEqual([
      ['ai', 'workflow'],
      ['ai', 'agent'],
    ]);
    expect(comparisonSides('Why is the sky blue?')).toBeUndefined();
  });

  it('splits at the joining word that leaves words on both sides, not at the English "I" (Polish "and"), and around "compare with"', () => {
    expect(comparisonSides('Should I join guided tours or rent a car in Iceland: how do they compare?')).toEqual([
      ['join', 'guid', 'tour'],
      ['rent', 'car', 'iceland'],
    ]);
    expect(comparisonSides('How does automation testing compare with manual testing?')).toEqual([
      ['automation', 'test'],
      ['manual', 'test'],
    ]);
  });
});

describe('comparisonFacets', () => {
  it("asks each side's advantages and drawbacks in the question's words and language, leaning on the other side", () => {
    expect(comparisonFacets('Native apps vs web apps: what are the pros and cons of each?')).toEqual([
      'Native apps: advantages and drawbacks (vs web apps)?',
      'Web apps: advantages and drawbacks (vs Native apps)?',
    ]);
    expect(comparisonFacets("What's the difference between red and white wine?").map(ownQuestion)).toEqual([
      'Red: advantages and drawbacks?',
      'White wine: advantages and drawbacks?',
    ]);
    expect(comparisonFacets('Firmenwagen leasen oder finanzieren: Was sind die Vor- und Nachteile?')).toEqual([
      'Firmenwagen leasen: Vorteile und Nachteile (vs finanzieren)?',
      'Finanzieren: Vorteile und Nachteile (vs Firmenwagen leasen)?',
    ]);
    expect(comparisonFacets('Barbecue gaz ou charbon : comment choisir pour débuter ?')[1]).toBe(
      'Charbon : avantages et inconvénients (vs Barbecue gaz) ?',
    );
    for (const facet of comparisonFacets('How does agile project management compare with waterfall?'))
      expect(questionShape(facet)).toBe('proscons');
  });

  it('names no sides for pros and cons of one thing, a question that compares nothing, or a bare "A vs B" that asks nothing more', () => {
    expect(comparisonFacets('What are the pros and cons of living in a tiny house with a family?')).toEqual([]);
    expect(comparisonFacets('Why do landscape photographers use neutral density filters?')).toEqual([]);
    expect(comparisonFacets('heat pump lifespan vs gas boiler lifespan')).toEqual([]);
  });
});

describe('questionLanguage', () => {
  it('tells the language of the labels by its function words, English when nothing tells', () => {
    expect(questionLanguage('Was sind die Vor- und Nachteile von Leasing?')).toBe('de');
    expect(questionLanguage('Quels sont les avantages du barbecue à gaz ?')).toBe('fr');
    expect(questionLanguage('What are the pros and cons of renovating a home?')).toBe('en');
    expect(questionLanguage('Kimchi?')).toBe('en');
  });
});

describe('questionFacets', () => {
  it('splits a compound question at "and" before a question word, each later facet given the subject it leans on', () => {
    expect(questionFacets('How can digital nomads live and work abroad legally, and what does it cost?')).toEqual([
      'How can digital nomads live and work abroad legally?',
      'What does it cost (nomads live abroad legally)?',
    ]);
    expect(questionFacets('Wie funktioniert Ikigai, und warum lebt man damit länger?')).toEqual([
      'Wie funktioniert Ikigai?',
      'Warum lebt man damit länger (funktioniert Ikigai)?',
    ]);
    // A facet that names its own subject stands as asked.
    expect(questionFacets('How do puppies learn, and how should I train my new puppy?')).toEqual([
      'How do puppies learn?',
      'How should I train my new puppy?',
    ]);
  });

  it('splits questions asked one after another, and keeps a question that asks one thing whole', () => {
    expect(questionFacets('How efficient are heat pumps? What do they cost to run?')).toEqual([
      'How efficient are heat pumps?',
      'What do they cost to run (efficient heat pumps)?',
    ]);
    expect(questionFacets('heat pump vs gas boiler')).toEqual(['heat pump vs gas boiler']);
    // "and" between two nouns joins them, it starts no question.
    expect(questionFacets('What are the pros and cons of cats and dogs?')).toEqual([
      'What are the pros and cons of cats and dogs?',
    ]);
  });
});
