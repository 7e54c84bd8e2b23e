import { describe, expect, it } from 'vitest';
import { standaloneQuestion, threadSubject, type EarlierTurn } from '../../src/main/answer/standalone-question';

const after = (...questions: string[]): EarlierTurn[] => questions.map((question) => ({ question, answer: '' }));
const FILM = after('What is the film Parasite about?');

describe('a question that leans on its thread stands alone on its subject', () => {
  it.each([
    ['Who directed it?', FILM, 'Who directed Parasite?'],
    ['When was it released?', FILM, 'When was Parasite released?'],
    ['What is its budget?', FILM, "What is Parasite's budget?"],
    ['Who starred in this film?', FILM, 'Who starred in Parasite?'],
    ['What does that mean?', FILM, 'What does Parasite mean?'],
    ['When was she born?', after('Who was Marie Curie?'), 'When was Marie Curie born?'],
    ['What were her discoveries?', after('Who was Marie Curie?'), "What were Marie Curie's discoveries?"],
    ['How many people live there?', after('How big is Paris?'), 'How many people live in Paris?'],
    ['Which one is the lightest?', after('What tents does Vaude make?'), 'Which Vaude is the lightest?'],
    ['Where can I buy the newest one?', after('What tents does Vaude make?'), 'Where can I buy the newest Vaude?'],
  ])('a pronoun or demonstrative (English): %s', (question, earlier, standalone) => {
    expect(standaloneQuestion(question, earlier)).toBe(standalone);
  });

  it.each([
    ['And the population?', after('How big is Paris?'), 'And the population of Paris?'],
    ['What is the population?', after('How big is Paris?'), 'What is the population of Paris?'],
    ['What about the director?', FILM, 'What about the director of Parasite?'],
    ['When?', FILM, 'When Parasite?'],
  ])('a subject left out: %s', (question, earlier, standalone) => {
    expect(standaloneQuestion(question, earlier)).toBe(standalone);
  });

  it.each([
    ['Wann wurde er veröffentlicht?', after('Worum geht es in Parasite?'), 'Wann wurde Parasite veröffentlicht?'],
    ['Wer hat ihn gedreht?', after('Worum geht es in Parasite?'), 'Wer hat Parasite gedreht?'],
    ['Und die Einwohnerzahl?', after('Wie groß ist Paris?'), 'Und die Einwohnerzahl von Paris?'],
    ["Qui l'a réalisé ?", after('De quoi parle le film Parasite ?'), 'Qui a réalisé Parasite ?'],
    ['Quand est-il sorti ?', after('De quoi parle le film Parasite ?'), 'Quand est sorti Parasite ?'],
    ['Et la population ?', after('Quelle est la taille de Paris ?'), 'Et la population de Paris ?'],
    ['¿Quién la dirigió?', after('¿De qué trata la película Parasite?'), '¿Quién dirigió Parasite?'],
    ['¿Cuándo nació él?', after('¿Quién es Bong Joon-ho?'), '¿Cuándo nació Bong Joon-ho?'],
    ['¿Y la población?', after('¿Qué tamaño tiene Madrid?'), '¿Y la población de Madrid?'],
    [
      '¿Y cuándo sigue el juicio?',
      after('¿De qué acusan a Kenji Fujimori?'),
      '¿Y cuándo sigue el juicio de Kenji Fujimori?',
    ],
    [
      'Und wann beginnt der Prozess?',
      after('Was wirft man Kenji Fujimori vor?'),
      'Und wann beginnt der Prozess von Kenji Fujimori?',
    ],
    ["Chi l'ha diretto?", after('Di cosa parla il film Parasite?'), 'Chi ha diretto Parasite?'],
    ['Quando è nata lei?', after('Chi era Marie Curie?'), 'Quando è nata Marie Curie?'],
    ['Quem o dirigiu?', after('Sobre o que é o filme Parasite?'), 'Quem dirigiu Parasite?'],
    ['Quando ela nasceu?', after('Quem é Marie Curie?'), 'Quando Marie Curie nasceu?'],
    [
      'Kiedy ona się urodziła?',
      after('Kim była Maria Skłodowska-Curie?'),
      'Kiedy Maria Skłodowska-Curie się urodziła?',
    ],
  ])('in other languages: %s', (question, earlier, standalone) => {
    expect(standaloneQuestion(question, earlier)).toBe(standalone);
  });
});

describe('a question that stands alone is left as it is', () => {
  it.each([
    'Is it safe to drink coffee every day?',
    'How long does it take to boil an egg?',
    'Is it true that coffee stunts growth?',
    'What is photosynthesis?',
    'Who directed Parasite?',
    'Is there a sequel?',
    'Gibt es Leben auf dem Mars?',
    "Combien d'habitants y a-t-il à Lyon ?",
    'Quelle est la population de Lyon ?',
    'Co to jest fotosynteza?',
    'How much caffeine is in green tea?',
    'Is one of the sequels better?',
    'Has no one seen the sequel?',
    'How many times does one watch a film?',
  ])('%s', (question) => {
    expect(standaloneQuestion(question, FILM)).toBe(question);
  });

  it('without earlier turns there is nothing to lean on', () => {
    expect(standaloneQuestion('Who directed it?', [])).toBe('Who directed it?');
  });
});

describe("the thread's subject", () => {
  it("is the latest question's name as it stood alone, carried from turn to turn", () => {
    const thread: EarlierTurn[] = [
      { question: 'Tell me about the film Parasite', answer: 'Parasite is a 2019 film.' },
      { question: 'Who directed it?', searchedFor: 'Who directed Parasite?', answer: 'Bong Joon-ho.' },
    ];
    expect(threadSubject(thread)).toBe('Parasite');
    expect(standaloneQuestion('When was it released?', thread)).toBe('When was Parasite released?');
  });

  it('keeps a name of several words together', () => {
    expect(threadSubject(after('How tall is the Eiffel Tower?'))).toBe('Eiffel Tower');
    expect(threadSubject(after('Who painted the Mona Lisa of Leonardo da Vinci?'))).toBe(
      'Mona Lisa of Leonardo da Vinci',
    );
  });

  it("falls back to the first question's name, then to the latest question's content words", () => {
    expect(threadSubject(after('What is the film Parasite about?', 'what awards did it win?'))).toBe('Parasite');
    expect(threadSubject(after('how much caffeine is in espresso?'))).toBe('caffeine espresso');
    expect(standaloneQuestion('How much does it cost?', after('how much caffeine is in espresso?'))).toBe(
      'How much does caffeine espresso cost?',
    );
  });
});
