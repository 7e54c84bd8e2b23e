/**
 * What a page's sentence is, by its shape rather than its words about the subject: a line of the
 * page's furniture (a bibliographic or copyright line, a label such as "Question:", a greeting,
 * a question — a forum page's asker, a FAQ's heading), which never answers, so never leads an
 * answer or stands as a key point, though the premise a question opens with may ("Since X was
 * released in 2024, …?"); and what comes before a sentence's own words: a news
 * dateline, or a connective that ties it to the one before ("And so if you…", "But on Monday…"),
 * left out so the sentence starts where its thought does.
 * The cues are the common words of the languages Lantern is asked in (question-cues.ts).
 */
import { unicodeWordRegExp } from '../text/word-boundary';

/**
 * Where a sentence points elsewhere or claims rights: citations, credits, copyright. A web
 * address points elsewhere where it opens the line or follows a pointer ("see", "at", "from",
 * a colon); named as what the sentence is about ("You may try https://…/wsltty as well", "The
 * site is www.…") it may be the answer.
 */
const BIBLIOGRAPHIC = [
  /(?:^|(?<![\p{L}\p{N}])(?:at|from|see|visit|via|here|unter|sur|à|en|em|su)\s*:?\s+|:\s*|\(\s*)(?:https?:\/\/|www\.\S)/iu,
  unicodeWordRegExp(
    String.raw`©|\(c\)\s*\d{4}|\ball rights reserved\b|\balle rechte vorbehalten\b|\btous droits réservés\b|\btodos los derechos reservados\b|\btutti i diritti riservati\b|\bwszelkie prawa zastrzeżone\b`,
  ),
  unicodeWordRegExp(
    String.raw`\b(?:retrieved|accessed|abgerufen|consulté|consultado|consultato|dostęp|luettu)\b[^.]{0,40}\d`,
  ),
  unicodeWordRegExp(String.raw`\bdoi:\s*\d|\bISBN\b`, 'u'),
];

/** A label opening the sentence: the page's own question, a source, a credit, a caption. */
const LABEL =
  /^(?:question|q|asked|citation|cite this|cite|source|sources|credit|credits|photo|image|copyright|tags?|related|read more|see also|share|frage|quelle|foto|bild|question posée|fuente|pregunta|fonte|domanda|pergunta|pytanie|źródło|kysymys|lähde)\s*:/iu;

const GREETING =
  /^(?:hi|hello|hey|welcome|dear|greetings|thanks|thank you|good (?:morning|afternoon|evening)|hallo|willkommen|herzlich willkommen|guten (?:morgen|tag|abend)|bonjour|bonsoir|bienvenue|salut|merci|hola|bienvenid[oa]s?|buen[oa]s (?:días|tardes|noches)|gracias|ciao|benvenut[oi]|buongiorno|grazie|olá|bem-vind[oa]s?|bom dia|obrigad[oa]|witaj(?:cie)?|cześć|dzień dobry|dziękuj\p{L}*|hei|moi|tervetuloa|hyvää (?:huomenta|päivää)|kiitos)(?=[\s,!.:;]|$)/iu;

/**
 * Words that join a sentence to the one before: English, German, French, Spanish, Italian,
 * Portuguese, Polish, Finnish. Polish "i" and "a" are left out: English starts sentences with them.
 */
const CONNECTIVE = unicodeWordRegExp(
  String.raw`^(?:and|but|so(?!\s+(?:far|many|much|long|called|that)\b)|also|or|then|yet|und|aber|also|auch|doch|dann|oder|et|mais|donc|alors|aussi|ou|puis|y|pero|entonces|también|e|ma|quindi|allora|anche|oppure|poi|mas|então|também|ou|ale|więc|także|też|albo|ja|mutta|joten|myös|tai|sitten)(?:\s*,)?\s+(?=\p{L})`,
);

/**
 * Whether the sentence is page furniture or a question, which never answers. A fact laid out (a
 * table row, a label and its value: "ISBN: 978…", "Website: https://…") is the page's own data:
 * only its label ("Source: …", "Photo: …") or a question makes it furniture. A citation's and a
 * greeting's cues are cues of sentences, and the colon after a label is the layout's, no pointer.
 */
export function isFurniture(text: string, laidOut = false): boolean {
  const question = /[?？]["'”’»)\]]*$/u.test(text);
  if (laidOut) return question || LABEL.test(text);
  return question || LABEL.test(text) || GREETING.test(text) || BIBLIOGRAPHIC.some((cue) => cue.test(text));
}

/**
 * Conjunctions that open a premise, a clause a question states as so before it asks ("Since the
 * resolver is enabled in Rust 1.85.0, can we assume…?"), in the languages of the cues above.
 */
const PREMISE =
  /^(?:since|given that|now that|because|as|seit|seitdem|da|weil|nachdem|puisque|comme|étant donné que|vu que|ya que|puesto que|dado que|poiché|visto che|dato che|siccome|já que|visto que|uma vez que)\s+[^?？]{20,}?(?=,\s+\p{Ll}[^,]*[?？]["'”’»)\]]*$)/iu;

/**
 * What a question states as so before it asks: its opening premise, when it has one. A forum's
 * asker often writes the fact another page states ("Since X was released in 2024, …?").
 */
export function premiseOf(text: string): string | undefined {
  return PREMISE.exec(text)?.[0];
}

/**
 * A news dateline at the start — "LOS ANGELES (Reuters) - ", "BERLIN, Germany (AP) — ",
 * "(Reuters) - " — a place in capitals and an agency before a dash.
 */
const DATELINE =
  /^(?:\p{Lu}[\p{Lu}\p{M} .'’-]*\p{Lu}(?:,[^()\-–—\n]{1,40}?)?\s*(?:\([^)]{1,40}\)|\/[^/]{1,30}\/)?|\([^)]{1,40}\))\s*(?:--|[-–—])\s+/u;

/**
 * The sentence from where its own thought starts: without a dateline or connectives before it,
 * its first letter then capitalised. The rest stands in the page as it is.
 */
export function withoutLeadIn(text: string): string {
  let rest = text.replace(DATELINE, '');
  while (CONNECTIVE.test(rest)) rest = rest.replace(CONNECTIVE, '');
  return rest === text ? text : rest.charAt(0).toUpperCase() + rest.slice(1);
}

/**
 * Negation words of the same languages: a sentence that says what is not so ("Mayor X did not
 * seek reelection") answers a question less well than one that says what is.
 */
const NEGATION = unicodeWordRegExp(
  String.raw`(?:^|[\s(])(?:not|no|never|nicht|nie|niemals|kein\p{L}*|pas|jamais|nunca|non|não|ei|eivät)(?=[\s,.;:!?)]|$)|n['’]t\b`,
);

/** Whether the text says that something is not so. */
export function negates(text: string): boolean {
  return NEGATION.test(text);
}
