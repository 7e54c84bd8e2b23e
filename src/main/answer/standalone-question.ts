/**
 * A follow-up made to stand alone by rule, without a model: "Who directed it?" after a question
 * about Parasite is searched for, and ranked by, as "Who directed Parasite?". A question leans on
 * its thread when a pronoun or demonstrative stands for the subject, or when it leaves its
 * subject out ("And the population?", "When?"); the subject is the first name (a capitalised run
 * of words) of the thread's latest question as it stood alone, else of its first, else the
 * latest question's content words. Every rule is a language's grammar (English, German, French,
 * Spanish, Italian, Portuguese, Polish), never one page's or one question's words. A question
 * that does not lean, or that already names the subject, is left as it is.
 */
import { contentTerm, sameTerm } from './terms';
import { unicodeWordRegExp } from '../text/word-boundary';

/** What a rewrite reads of an earlier turn of the thread. */
export interface EarlierTurn {
  question: string;
  /** The question as it stood alone, when it was rewritten. */
  searchedFor?: string;
  answer: string;
}

type Language = 'en' | 'de' | 'fr' | 'es' | 'it' | 'pt' | 'pl';

interface Grammar {
  /** Personal pronouns that can stand where the subject's name stands: replaced by it. */
  pronouns: string[];
  /** Possessives: English's become "Subject's"; the others' keep their place and the subject is added at the end. */
  possessives: string[];
  /** Object pronouns written before the verb (Romance, Polish): counted right after a question word, dropped, the subject added at the end. */
  clitics: string[];
  /** Demonstrative pronouns: replaced by the subject when they do not open a noun phrase of the question's own. */
  demonstratives: string[];
  /** Words that open a question. */
  questionWords: string[];
  /** Words that say nothing of a subject: articles, auxiliaries, prepositions, conjunctions. */
  functionWords: string[];
  /** Definite articles: "the population" names something known from before. */
  articles: string[];
  /** Words that continue the conversation: "And the population?". */
  continuations: string[];
  /** Joins an attribute to the subject: "the population of Paris". */
  of: string;
}

const list = (text: string): string[] => text.split(' ').filter((w) => w !== '');

const GRAMMARS: Record<Language, Grammar> = {
  en: {
    pronouns: list('it they them he him she her'),
    possessives: list('its their his her'),
    clitics: [],
    demonstratives: list('this that these those'),
    questionWords: list('who whom whose what when where why how which'),
    functionWords: list(
      'the a an and or of to in on at by for with from about as is are was were be been do does did has have had can could will would should may might shall there here',
    ),
    articles: list('the'),
    continuations: list('and also'),
    of: 'of',
  },
  de: {
    pronouns: list('er sie es ihn ihm'),
    possessives: list('sein seine seiner seinen seinem seines ihr ihre ihrer ihren ihrem ihres'),
    clitics: [],
    demonstratives: list('das dies dieses diese dieser'),
    questionWords: list('wer wen wem wessen was wann wo woher wohin wie warum weshalb welche welcher welches welchen'),
    functionWords: list(
      'der die das den dem des ein eine einen einem einer und oder von zu in im an am auf mit für aus bei ist sind war waren wird wurde wurden hat haben hatte kann gibt viele viel sich nicht auch noch',
    ),
    articles: list('der die das den dem des'),
    continuations: list('und'),
    of: 'von',
  },
  fr: {
    pronouns: list('il elle ils elles lui eux'),
    possessives: list('son sa ses leur leurs'),
    clitics: list("le la les l'"),
    demonstratives: list('cela ça ceci'),
    questionWords: list('qui que quoi quand où comment pourquoi quel quelle quels quelles combien lequel laquelle'),
    functionWords: list(
      "le la les l' un une des de du d' et ou à au aux en dans sur pour par avec est sont était a ont été fait y ce c' qu' se s' ne pas",
    ),
    articles: list("le la les l'"),
    continuations: list('et'),
    of: 'de',
  },
  es: {
    pronouns: list('él ella ellos ellas'),
    possessives: list('su sus'),
    clitics: list('lo la los las le les'),
    demonstratives: list('eso esto ello'),
    questionWords: list('quién quiénes qué cuál cuáles cuándo dónde cómo cuánto cuánta cuántos cuántas por'),
    functionWords: list(
      'el la los las un una unos unas y o de del a al en con para por es son fue fueron era ha han se no que',
    ),
    articles: list('el la los las'),
    continuations: list('y'),
    of: 'de',
  },
  it: {
    pronouns: list('lui lei loro esso essa'),
    possessives: list('suo sua suoi sue'),
    clitics: list("lo la li le l'"),
    demonstratives: list('ciò'),
    questionWords: list('chi che cosa quale quali quando dove come perché quanto quanta quanti quante'),
    functionWords: list(
      "il lo la i gli le l' un una uno e o di del della dei a al in nel con per è sono era fu ha hanno si non",
    ),
    articles: list("il lo la i gli le l'"),
    continuations: list('e'),
    of: 'di',
  },
  pt: {
    pronouns: list('ele ela eles elas'),
    possessives: list('seu sua seus suas'),
    clitics: list('o a os as'),
    demonstratives: list('isso isto'),
    questionWords: list('quem que qual quais quando onde como quanto quanta quantos quantas por'),
    functionWords: list('o a os as um uma e ou de do da dos das em no na com para por é são foi era tem se não'),
    articles: list('o a os as'),
    continuations: list('e'),
    of: 'de',
  },
  pl: {
    pronouns: list('on ona ono oni one jego jej go ją nim niej'),
    possessives: [],
    clitics: [],
    demonstratives: list('to tego tym'),
    questionWords: list('kto co kiedy gdzie jak dlaczego który która które jaki jaka jakie ile ilu czy'),
    functionWords: list('i a w we z ze na do od o po za jest są był była było były się nie to'),
    articles: [],
    continuations: list('a i'),
    of: '',
  },
};

/** Letters only some of the languages write: a short question is told apart by them too. */
const LETTERS: Partial<Record<Language, RegExp>> = {
  de: /[äöüß]/iu,
  fr: /[çèêëîïôœùû]/iu,
  es: /[ñ¿¡]/iu,
  pt: /[ãõ]/iu,
  pl: /[ąćęłńśźż]/iu,
};

const PREPOSITIONS = new Set(list('about of in for from by on at with'));
/** English words before a demonstrative that points back ("Who wrote that?", "When did this happen?", "in this film"). */
const AUXILIARIES = new Set([
  ...list('is are was were be do does did has have had can could will would should'),
  ...PREPOSITIONS,
]);

/**
 * English "it" and "there" that stand for nothing (it is safe to…, how long does it take to…,
 * is there…), German "es gibt", French "il y a" / "il faut": not a reference to the subject.
 */
const EXPLETIVES: Partial<Record<Language, RegExp>> = {
  en: unicodeWordRegExp(String.raw`\bit\s+(?:\S+\s+)?(?:to|that|if|whether)\b|\bdoes it take\b|\bit takes?\b`),
  de: unicodeWordRegExp(String.raw`\bgibt es\b|\bes gibt\b|\bes\s+(?:\S+\s+)?(?:zu|dass)\b`),
  fr: unicodeWordRegExp(String.raw`\by a\b|\bil faut\b|\bfaut-il\b|\bil est\s+(?:\S+\s+)?(?:de|que)\b`),
};
const EXPLETIVE_WORDS: Partial<Record<Language, string[]>> = { en: ['it'], de: ['es'], fr: ['il'] };

/** "is" in the languages: a question that asks what something is names its own subject. */
const COPULAS = /^(?:is|are|was|were|ist|sind|war|est|sont|es|son|è|sono|é|são|jest|są|był|była)$/u;

/** At most this many words for a question that leaves its subject out. */
const SHORT_QUESTION_WORDS = 5;
/** Content words taken as the subject when the thread's questions name nothing. */
const SUBJECT_WORDS = 4;

interface Token {
  /** As written, with its punctuation. */
  text: string;
  /** Without leading and trailing punctuation (an elided "l'" keeps its apostrophe). */
  core: string;
  lower: string;
}

function tokenize(text: string): Token[] {
  return (text.match(/\S+/gu) ?? []).map((raw) => {
    const core = raw.replace(/^[^\p{L}\p{N}]+/u, '').replace(/(?<!^[lLdDcCsS]['’])[^\p{L}\p{N}]+$/u, '');
    return { text: raw, core, lower: core.toLowerCase().replace(/’/g, "'") };
  });
}

/** The language of the question, by its small words and letters; English when nothing tells. */
function languageOf(tokens: readonly Token[], text: string): Language {
  let best: Language = 'en';
  let bestScore = 0;
  for (const language of Object.keys(GRAMMARS) as Language[]) {
    const g = GRAMMARS[language];
    const known = new Set([
      ...g.questionWords,
      ...g.functionWords,
      ...g.pronouns,
      ...g.clitics,
      ...g.demonstratives,
      ...g.continuations,
    ]);
    let score = tokens.filter((t) => known.has(t.lower) || known.has(elided(t.lower) ?? '')).length;
    if (LETTERS[language]?.test(text)) score += 2;
    if (score > bestScore) {
      best = language;
      bestScore = score;
    }
  }
  return best;
}

/** "l'a" → "l'": the elided clitic or article that opens a French or Italian word. */
function elided(lower: string): string | undefined {
  return /^[lds]'./u.test(lower) ? lower.slice(0, 2) : undefined;
}

function isName(token: Token): boolean {
  return /^\p{Lu}/u.test(token.core) || /^\p{N}/u.test(token.core);
}

/**
 * The first name a question writes: a run of capitalised words, with the small words that join
 * names ("Bank of America", "Leonardo da Vinci"). The question's first word only counts when the
 * run goes on (every question starts with a capital).
 */
function firstName(question: string): string | undefined {
  const tokens = tokenize(question);
  const joiners = new Set(list('of de da del der von van du la'));
  for (let i = 0; i < tokens.length; i++) {
    const token = tokens[i]!;
    if (!/^\p{Lu}/u.test(token.core) || isFunctionWord(token.lower)) continue;
    let end = i + 1;
    while (end < tokens.length) {
      const next = tokens[end]!;
      const joined = joiners.has(next.lower) && end + 1 < tokens.length && /^\p{Lu}/u.test(tokens[end + 1]!.core);
      if (isName(next) && !isFunctionWord(next.lower)) end++;
      else if (joined) end += 2;
      else break;
      if (/[^\p{L}\p{N}'’-]$/u.test(tokens[end - 1]!.text)) break;
    }
    if (i === 0 && end === 1) continue;
    return tokens
      .slice(i, end)
      .map((t) => t.core.replace(/['’]s$/u, ''))
      .join(' ');
  }
  return undefined;
}

const ALL_SMALL_WORDS = new Set(
  Object.values(GRAMMARS).flatMap((g) => [
    ...g.questionWords,
    ...g.functionWords,
    ...g.pronouns,
    ...g.possessives,
    ...g.demonstratives,
    ...g.continuations,
  ]),
);

function isFunctionWord(lower: string): boolean {
  return ALL_SMALL_WORDS.has(lower) || contentTerm(lower) === undefined;
}

/** A question's own content words as written: not English's stopwords, nor its language's small words or pronouns. */
function contentWords(tokens: readonly Token[], language: Language): string[] {
  const g = GRAMMARS[language];
  const small = new Set([
    ...g.questionWords,
    ...g.functionWords,
    ...g.pronouns,
    ...g.possessives,
    ...g.clitics,
    ...g.demonstratives,
    ...g.continuations,
  ]);
  return tokens
    .filter(
      (t) =>
        t.core !== '' && !small.has(t.lower) && contentTerm(t.lower) !== undefined && elided(t.lower) === undefined,
    )
    .map((t) => t.core);
}

/** The content words of a question in its own language. */
function contentWordsOf(question: string): string[] {
  const tokens = tokenize(question);
  return contentWords(tokens, languageOf(tokens, question));
}

/** What the thread is about: its latest question's name, else its first's, else the latest question's content words. */
export function threadSubject(earlier: readonly EarlierTurn[]): string | undefined {
  const asked = earlier.map((turn) => turn.searchedFor ?? turn.question);
  const latest = asked.at(-1);
  const first = asked[0];
  if (latest === undefined || first === undefined) return undefined;
  const name = firstName(latest) ?? firstName(first);
  if (name !== undefined) return name;
  const words = contentWordsOf(latest);
  const fallback = words.length > 0 ? words : contentWordsOf(first);
  return fallback.length > 0 ? fallback.slice(0, SUBJECT_WORDS).join(' ') : undefined;
}

/** Whether the question already holds every content term of the subject. */
function names(question: string, subject: string): boolean {
  const own = tokenize(question).map((t) => contentTerm(t.core) ?? t.lower);
  const wanted = tokenize(subject).map((t) => contentTerm(t.core) ?? t.lower);
  return wanted.every((term) => own.some((o) => sameTerm(o, term)));
}

/** The question with the subject added before its closing punctuation. */
function appended(question: string, addition: string): string {
  const match = /^(.*?)(\s*)([?？!.…]*)\s*$/su.exec(question)!;
  return `${match[1]!.trimEnd()} ${addition}${match[2]!}${match[3]!}`;
}

/** The tokens put back together, token i's core replaced (its punctuation kept). */
function replaced(tokens: readonly Token[], i: number, by: string): string {
  return tokens.map((t, j) => (j === i ? t.text.replace(t.core, by) : t.text)).join(' ');
}

/**
 * The question made to stand alone on its thread's subject, or the question itself when it does
 * not lean on the thread, already names the subject, or the thread has nothing to lean on.
 */
export function standaloneQuestion(question: string, earlier: readonly EarlierTurn[]): string {
  const subject = threadSubject(earlier);
  if (subject === undefined || question.trim() === '' || names(question, subject)) return question;
  const tokens = tokenize(question);
  const language = languageOf(tokens, question);
  return (
    byReference(question, tokens, language, subject) ??
    byLeftOutSubject(question, tokens, language, subject) ??
    question
  );
}

/** A pronoun, possessive, clitic or demonstrative that stands for the subject, replaced by it. */
function byReference(
  question: string,
  tokens: readonly Token[],
  language: Language,
  subject: string,
): string | undefined {
  const g = GRAMMARS[language];
  const expletive = EXPLETIVES[language]?.test(question) ?? false;
  for (const [i, token] of tokens.entries()) {
    const word = token.lower;
    const previous = tokens[i - 1]?.lower;
    const next = tokens[i + 1];
    if (expletive && EXPLETIVE_WORDS[language]?.includes(word.replace(/^-/, ''))) continue;
    // German writes the polite "Sie" (you) with a capital.
    if (language === 'de' && token.core === 'Sie' && i > 0) continue;
    if (language === 'en' && word === 'her' && next !== undefined && !isFunctionWord(next.lower))
      return replaced(tokens, i, `${subject}'s`);
    if (
      language === 'en' &&
      word === 'there' &&
      !/^(?:is|are|was|were|be|been)$/u.test(previous ?? '') &&
      !/^(?:is|are|was|were|'s)$/u.test(next?.lower ?? '')
    )
      return replaced(tokens, i, `in ${subject}`);
    if (g.pronouns.includes(word)) return replaced(tokens, i, subject);
    // English's "one" ends a noun phrase in place of the noun said before ("the cheapest one", "which one"), not in "one of" or "no one".
    if (
      language === 'en' &&
      (word === 'one' || word === 'ones') &&
      previous !== undefined &&
      previous !== 'no' &&
      (next === undefined || (isFunctionWord(next.lower) && next.lower !== 'of'))
    )
      return replaced(tokens, i, subject);
    // French puts the subject pronoun after the verb with a hyphen ("Quand est-il né ?"): the subject goes last.
    if (language === 'fr') {
      const inverted = /^(.+?)-(?:t-)?(il|elle|ils|elles)$/u.exec(token.core);
      if (inverted && !(expletive && inverted[2] === 'il'))
        return appended(
          tokens.map((t, j) => (j === i ? t.text.replace(token.core, inverted[1]!) : t.text)).join(' '),
          subject,
        );
    }
    if (g.possessives.includes(word)) {
      if (language === 'en') return replaced(tokens, i, `${subject}'s`);
      return appended(question, subject);
    }
    const clitic = g.clitics.includes(word) ? word : g.clitics.includes(elided(word) ?? '') ? elided(word) : undefined;
    if (clitic !== undefined && previous !== undefined && g.questionWords.includes(previous)) {
      const rest = tokens
        .map((t, j) => (j !== i ? t.text : word === clitic ? '' : t.text.slice(clitic.length)))
        .filter((t) => t !== '');
      return appended(rest.join(' '), subject);
    }
    if (g.demonstratives.includes(word) && pointsBack(language, tokens, i)) {
      // "Who starred in this film?": after a preposition, the demonstrative and the one noun that ends the question are the subject.
      const last = tokens[i + 1];
      if (
        language === 'en' &&
        PREPOSITIONS.has(tokens[i - 1]?.lower ?? '') &&
        last !== undefined &&
        i + 2 === tokens.length &&
        !isFunctionWord(last.lower)
      )
        return replaced(tokens.slice(0, i + 1), i, last.text.replace(last.core, subject));
      return replaced(tokens, i, subject);
    }
  }
  return undefined;
}

/**
 * Whether a demonstrative stands for something said before rather than opening a phrase of the
 * question's own: in English after a question word, an auxiliary or a preposition (not "true that…",
 * "the film that won…"), in German when no noun (capitalised) follows, elsewhere when it ends the
 * question or follows its question word.
 */
function pointsBack(language: Language, tokens: readonly Token[], i: number): boolean {
  const previous = tokens[i - 1]?.lower;
  const next = tokens[i + 1];
  const g = GRAMMARS[language];
  if (next === undefined) return true;
  if (language === 'en')
    return previous === undefined || g.questionWords.includes(previous) || AUXILIARIES.has(previous);
  if (language === 'de') return !/^\p{Lu}/u.test(next.core);
  // "Co to jest fotosynteza?" asks what something is: the demonstrative opens the question's own subject.
  const idiom = COPULAS.test(next.lower) && tokens[i + 2] !== undefined;
  return previous !== undefined && g.questionWords.includes(previous) && !idiom;
}

/**
 * A short question with nothing of its own to ask about: no content word at all ("When?",
 * "Warum?"), or one only, opened by "and" ("And the population?", "Et la population ?") or
 * behind a definite article ("What is the population?"), or a question word and a verb ("¿Cuándo
 * nació?"), or opened by "and" with a verb and a noun of its own ("¿Y cuándo sigue el juicio?").
 * The subject is added at the end, after "of" when the question ends on a noun.
 */
function byLeftOutSubject(
  question: string,
  tokens: readonly Token[],
  language: Language,
  subject: string,
): string | undefined {
  if (tokens.length > SHORT_QUESTION_WORDS) return undefined;
  const g = GRAMMARS[language];
  const own = contentWords(tokens, language);
  if (own.length === 0) return appended(question, subject);
  const continues = g.continuations.includes(tokens[0]?.lower.replace(/^¿/u, '') ?? '');
  if (tokens.some((t, i) => i > 0 && isName(t) && language !== 'de')) return undefined;
  const last = tokens.filter((t) => t.core !== '').at(-1)?.core;
  const endsOnNoun = (word: string | undefined): boolean =>
    tokens.some((t, i) => g.articles.includes(t.lower) && tokens[i + 1]?.core === word && word === last);
  // "¿Y cuándo sigue el juicio?", "And when does the trial resume?": opened by "and", a short
  // question goes on about the thread's subject even with a verb and a noun of its own.
  if (continues && own.length === 2)
    return appended(question, endsOnNoun(own[1]) && g.of !== '' ? `${g.of} ${subject}` : subject);
  if (own.length > 1) return undefined;
  const endsOnIt = last === own[0];
  const afterArticle = tokens.some((t, i) => g.articles.includes(t.lower) && tokens[i + 1]?.core === own[0]);
  const aboutIt = language === 'en' && unicodeWordRegExp(String.raw`^(?:what|how) about\b`).test(question);
  const copula = tokens.some((t) => COPULAS.test(t.lower));
  const verbOnly = g.questionWords.includes(tokens[0]?.lower ?? '') && tokens.length <= 3 && !copula && !afterArticle;
  if (!(continues || aboutIt || afterArticle || verbOnly)) return undefined;
  return appended(question, endsOnIt && g.of !== '' && !verbOnly ? `${g.of} ${subject}` : subject);
}
