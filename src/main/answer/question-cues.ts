/**
 * What kind of answer a question asks for, from its question words: a number (a quantity, a
 * count, an age or a date), and among numbers a year, an age or a share, each written its own
 * way; or a person's name. The cues are the common question words of the languages Lantern is
 * used in, not phrases from any one question.
 */
import { contentTerm, wordSpans, words } from './terms';
import { unicodeWordRegExp } from '../text/word-boundary';

/** "On what date…", "An welchem Datum…", "À quelle date…", in the languages of the cues. */
const DATE_CUE = unicodeWordRegExp(
  String.raw`\b(?:what|which|on what|on which) date\b|\ban welchem datum\b|(?<!\p{L})à quelle date\b|\ben qu[ée] fecha\b|\bin (?:che|quale) data\b|\bem que data\b|\bktórego dnia\b|\bminä päivänä(?!\p{L})`,
);

const NUMBER_CUES: readonly RegExp[] = [
  // English
  unicodeWordRegExp(String.raw`\bhow (?:much|many|old|long|tall|high|heavy|far|big|large|often|fast)\b`, 'i'),
  unicodeWordRegExp(String.raw`\b(?:what|which) (?:year|percentage|share|price)\b`, 'i'),
  unicodeWordRegExp(String.raw`^\s*when\b`, 'i'),
  // A date asked for in other words than "when" (and its kin below): a number too.
  DATE_CUE,
  // German, French, Spanish, Italian, Portuguese
  unicodeWordRegExp(String.raw`\bwie (?:viele?|alt|lange|hoch|schwer|weit|gro(?:ß|ss))(?!\p{L})`),
  unicodeWordRegExp(String.raw`^\s*wann\b|\bin welchem jahr\b`, 'i'),
  unicodeWordRegExp(String.raw`\bcombien\b|\bquel âge\b|\ben quelle année\b|^\s*quand\b`, 'i'),
  unicodeWordRegExp(String.raw`\bcu[áa]nt[oa]s?\b|\bqu[ée] porcentaje\b|^\s*¿?\s*cu[áa]ndo\b`, 'i'),
  unicodeWordRegExp(String.raw`\bquant[oaie]\b|^\s*quando\b`, 'i'),
  // Polish, Finnish
  /(?:^|\s)(?:ile|ilu|kiedy)(?=\s)/i,
  unicodeWordRegExp(
    String.raw`\bkuinka (?:paljon|monta|vanha|suuri|pitkä|korkea)(?!\p{L})|\b(?:paljonko|montako|milloin)\b`,
  ),
  // Chinese, Japanese, Korean
  /多少|几|幾|いくら|いくつ|何年|何人|몇|얼마/,
];

/** Whether the question asks for a number (how much, how many, when, combien, wie viele…). */
export function expectsNumber(question: string): boolean {
  return NUMBER_CUES.some((cue) => cue.test(question));
}

/**
 * Numbers written as words, two to twelve and some tens, in the languages of the cues: "three
 * hours", "binnen drei Minuten". Words that are also common words of another language are left
 * out ("one", "ein", "un": articles; "dos", "due", "once", "elf", "sei", "otto", "sept", "cent").
 */
const NUMBER_WORDS = (
  'two three four five six seven eight nine ten eleven twelve twenty thirty forty fifty hundred ' +
  'zwei drei vier fünf sechs sieben acht neun zehn zwölf zwanzig dreißig vierzig fünfzig hundert ' +
  'deux trois quatre cinq huit neuf dix onze douze vingt trente quarante cinquante ' +
  'tres cuatro cinco seis siete ocho nueve diez doce veinte treinta cuarenta cincuenta cien ' +
  'tre quattro cinque sette nove dieci undici dodici venti trenta quaranta cinquanta cento ' +
  'dois duas três quatro sete oito dez doze vinte trinta quarenta cinquenta cem ' +
  'dwa dwie trzy cztery pięć sześć siedem osiem dziewięć dziesięć dwanaście dwadzieścia ' +
  'kaksi kolme neljä viisi kuusi seitsemän kahdeksan yhdeksän kymmenen'
).split(' ');
const NUMBER_WORD_SET = new Set(NUMBER_WORDS);

/** A number written as a word, then units written out in full ("three hours", "drei Minuten"): abbreviations after a word are too often something else ("two in"). */
function spelledOut(units: string): string {
  return `(?<!\\p{L})(?:${NUMBER_WORDS.join('|')})[-\\s]+(?:${units})(?!\\p{L})`;
}

/**
 * Whether the text holds a number the question does not already hold (digits in any script, a
 * number written as a word, or CJK numerals): "Red Dead Redemption 2" does not answer "In what
 * year does Red Dead Redemption 2 take place?".
 */
export function holdsNumber(text: string, questionTerms: readonly string[] = []): boolean {
  if (/[一二三四五六七八九十百千万億亿]/u.test(text)) return true;
  return words(text).some(
    (word) =>
      (/\p{Nd}/u.test(word) || NUMBER_WORD_SET.has(word.toLowerCase())) &&
      !questionTerms.includes(contentTerm(word) ?? ''),
  );
}

/**
 * The names a question asks about: its capitalised words other than the first (which is
 * capitalised anyway), as content terms. A name is rarely paraphrased, so sources that never
 * write it do not answer a question about it ("…in Germany" over pages about Poland).
 */
export function namesIn(question: string): string[] {
  return nameRunsIn(question).flat();
}

/**
 * The same names, grouped as the question writes them: capitalised words with nothing but spaces
 * between them are one name ("Linus Tech Tips", "Red Dead Redemption"), each word a content term.
 */
export function nameRunsIn(question: string): string[][] {
  const spans = wordSpans(question);
  const runs: string[][] = [];
  let last = -1;
  for (const [i, { word, index }] of spans.entries()) {
    if (i === 0 || !/^\p{Lu}/u.test(word)) continue;
    const term = contentTerm(word);
    if (term === undefined) continue;
    const before = spans[i - 1]!;
    const joined = last === i - 1 && /^\s+$/u.test(question.slice(before.index + before.word.length, index));
    if (joined) runs[runs.length - 1]!.push(term);
    else runs.push([term]);
    last = i;
  }
  return runs;
}

/** Question words that ask for a person (who, wer, qui, quién, chi, quem, kto, kuka). */
const PERSON_CUES = /^\s*¿?\s*(?:who|whom|whose|wer|wem|wen|qui|quién|quiénes|chi|quem|kto|kuka|ketkä)(?!\p{L})/iu;

/** Question words that ask where (where, wo, où, dónde, dove, onde, gdzie, missä…): a place, which is named. */
const PLACE_CUES = /^\s*¿?\s*(?:where|wo|woher|où|dónde|donde|dove|onde|gdzie|skąd|missä|mistä)(?=\s|$)/iu;

/**
 * "Which player…", "what company…": a question word before a noun for someone or something with a
 * name (a person by role, a company, a team, a city, a country), in the same languages.
 */
const NAMED_NOUN_CUES =
  /^\s*¿?\s*(?:which|what|welche[rnms]?|quel(?:le)?s?|qu[ée]|cu[áa]l(?:es)?|quale|quali|qual|quais|jaki|jaka|który|która|mikä)\s+(?:\p{L}+\s+)?(?:player|person|actor|actress|author|writer|director|singer|artist|scientist|president|minister|mayor|governor|coach|official|spokes\p{L}*|ceo|founder|leader|winner|company|team|city|country|spieler\p{L}*|autor\p{L}*|regisseur\p{L}*|sänger\p{L}*|präsident\p{L}*|bürgermeister\p{L}*|trainer\p{L}*|firma|unternehmen|stadt|joueu?r\p{L}*|personne|acteur|actrice|auteur|réalisat\p{L}*|chanteu\p{L}*|ministre|maire|entraîneur|entreprise|société|ville|pays|jugador\p{L}*|persona|cantante|presidente|ministr[oa]|alcalde\p{L}*|entrenador\p{L}*|empresa|ciudad|país|funcionari[oa]s?|giocat\p{L}*|attore|attrice|autore|regista|sindaco|allenatore|azienda|città|jogador\p{L}*|pessoa|ator|atriz|prefeit[oa]|treinador|cidade|zawodnik\p{L}*|osoba|aktor\p{L}*|prezydent\p{L}*|burmistrz\p{L}*|trener\p{L}*|miasto|pelaaja|henkilö|näyttelijä|ohjaaja|presidentti|pormestari|valmentaja|yhtiö|kaupunki)(?=[\s?,]|$)/iu;

/** Whether the question asks who or where, or which named one: its answer names someone or somewhere. */
export function expectsName(question: string): boolean {
  return PERSON_CUES.test(question) || PLACE_CUES.test(question) || NAMED_NOUN_CUES.test(question);
}

/** Days and months (capitalised in English and German): a date, not a name. */
const CALENDAR_WORDS =
  /^(?:monday|tuesday|wednesday|thursday|friday|saturday|sunday|january|february|march|april|may|june|july|august|september|october|november|december|montag|dienstag|mittwoch|donnerstag|freitag|samstag|sonntag|januar|februar|märz|juni|juli|oktober|dezember)$/iu;

/** Whether the text names something the question does not: a capitalised word after its first, not a day or a month. */
export function holdsNewName(text: string, questionTerms: readonly string[]): boolean {
  return words(text)
    .slice(1)
    .some(
      (word) => /^\p{Lu}/u.test(word) && !CALENDAR_WORDS.test(word) && !questionTerms.includes(contentTerm(word) ?? ''),
    );
}

/**
 * The kind of number some questions ask for, and how its answer is written: a year is four
 * digits, an age stands beside an age word ("55-year-old", "27-letni", "32 ans"), a share beside
 * a percent sign or word. A number of another kind does not answer them: "13:00 horas" is no age.
 */
interface NumberKind {
  asks: RegExp;
  /** How a number of this kind is written (global). */
  written: RegExp;
}

/** A sum in a currency (its sign or name before or after the figure), or the word for free — alone, not in "hassle-free" or "free-to-play". */
const PRICE =
  /[$€£¥₹]\s?\d+(?:[.,]\d+)*|\d+(?:[.,]\d+)*\s?(?:[$€£¥₹]|(?:USD|EUR|GBP|CHF|PLN|zł|dollars?|euros?|Euro|pounds?|dólares|dollari|złotych|euroa)(?!\p{L}))|(?<![\p{L}\p{N}-])(?:free|kostenlos|gratuit|gratis|gratuito|darmowy|ilmainen)(?![\p{L}-])/giu;
const VERSION = unicodeWordRegExp(
  String.raw`(?<![\d.])v?\d+(?:\.\d+)+(?![\d.]*\d)|\b(?:version|versión|versione|versão|wersja|versio)\s+\d+`,
  'giu',
);

/** Month names (and their usual abbreviations) of the same languages. */
const MONTHS = [
  'january|february|march|april|may|june|july|august|september|october|november|december|jan|feb|mar|apr|jun|jul|aug|sept?|oct|nov|dec',
  'januar|jänner|februar|märz|mai|juni|juli|oktober|dezember',
  'janvier|février|mars|avril|juin|juillet|août|septembre|octobre|novembre|décembre',
  'enero|febrero|marzo|abril|mayo|junio|julio|agosto|septiembre|octubre|noviembre|diciembre',
  'gennaio|febbraio|aprile|maggio|giugno|luglio|settembre|ottobre|dicembre',
  'janeiro|fevereiro|março|maio|junho|julho|setembro|outubro|novembro|dezembro',
  'stycznia|lutego|marca|kwietnia|maja|czerwca|lipca|sierpnia|września|października|listopada|grudnia',
  'tammikuuta|helmikuuta|maaliskuuta|huhtikuuta|toukokuuta|kesäkuuta|heinäkuuta|elokuuta|syyskuuta|lokakuuta|marraskuuta|joulukuuta',
].join('|');

const WRITTEN_KINDS: readonly NumberKind[] = [
  {
    // English, German, French, Spanish, Italian, Portuguese, Polish, Finnish.
    // With any preposition before it: "en quelle année", "depuis quelle année", "seit welchem Jahr".
    asks: unicodeWordRegExp(
      String.raw`\b(?:what|which) year\b|\bwelche[mns]? jahr\b|\bquelle année\b|\bqu[ée] año\b|\b(?:che|quale) anno\b|\bque ano\b|\bw którym roku\b|\bod którego roku\b|\bminä vuonna\b`,
    ),
    written: /(?<!\d)(?:1[0-9]|20)\d{2}(?!\d)/gu,
  },
  {
    asks: unicodeWordRegExp(
      String.raw`\bhow old\b|\bwie alt\b|\bquel âge\b|\bcu[áa]ntos años\b|\bquanti anni\b|\bquantos anos\b|\bile lat\b|\bkuinka vanha\b`,
    ),
    written: new RegExp(
      `${unicodeWordRegExp(String.raw`\d+(?:[.,]\d{3})*(?:[-\s](?:years?[-\s]old|year(?!s)|jährige[nrms]?|letni[aemy]?|vuotias))|\d+(?:[.,]\d{3})*\s+(?:years|jahre|ans|años|anni|anos|lat|vuotta)\b|\baged?\s+\d+`, 'u').source}|${spelledOut('years?[-\\s]old|jährige[nrms]?|vuotias')}`,
      'giu',
    ),
  },
  {
    asks: unicodeWordRegExp(
      String.raw`\bwhat (?:percentage|share|proportion)\b|\bwelche[nr]? anteil\b|\bquelle part\b|\bquel pourcentage\b|\bqu[ée] porcentaje\b|\bquale percentuale\b|\bque percentagem\b|\bjaki (?:procent|odsetek)\b|\bkuinka suuri osa\b`,
    ),
    written: unicodeWordRegExp(
      String.raw`\d[\d.,]*\s*(?:%|per\s?cent|prozent|pour\s?cent|por\s?ciento|per\s?cento|por\s?cento|proc|prosentti)|\b(?:kaksi|yksi|kolme|neljä|viisi)\s+prosentti`,
      'giu',
    ),
  },
  {
    // A sum of money (a price, a fee, an income limit): a sum in a currency, or free. A question
    // word with a verb of paying or a noun for a sum, or "how much is".
    asks: unicodeWordRegExp(
      String.raw`\bhow much\b[^?]*\b(?:cost|costs|charge|charges|pay|paid|priced?|sell|sold|earn|earned)\b|\bhow much (?:is|are) (?:the |an? )?\p{L}|\b(?:what|which)\b[^?]*\b(?:price|cost|costs|charge|fees?|fares?|fines?|rent|salary|wages?|income)\b|\bwie viel\b[^?]*(?:kost|zahl|\p{L}geld\b)|\b(?:was|welche)\b[^?]*\b(?:kostet|kosten|preis|gebühr\p{L}*|miete)\b|\bcombien\b[^?]*\b(?:co[uû]t\p{L}*|pay\p{L}*)|\b(?:quel|quelle)\b[^?]*\b(?:prix|co[uû]t|tarif|loyer|frais)\b|\bcu[áa]nto\b[^?]*\b(?:cuesta|cost\p{L}*|pag\p{L}*)|\bqu[ée](?!\p{L})[^?]*\b(?:precio|tarifa|costo)\b|\bquant[oa]\b[^?]*\b(?:cost\p{L}*|pag\p{L}*)|\bquanto custa|\bile\b[^?]*\b(?:kosztuje|kosztował\p{L}*|zapłaci\p{L}*)|\bpaljonko maksaa|\bmitä(?!\p{L})[^?]*\bmaksaa`,
    ),
    written: PRICE,
  },
  {
    // A weight: a number with a unit of weight.
    asks: unicodeWordRegExp(
      String.raw`\bhow heavy\b|\bwhat (?:does|do|did) [^?]*\bweigh\b|\bhow much (?:does|do|did) [^?]*\bweigh\b|\bwie schwer\b|\bwie viel wiegt\b|\bquel poids\b|\bcombien p[èe]se|\bcu[áa]nto pesa|\bquanto pesa|\bile wa[żz]y|\bkuinka painava|\bpaljonko painaa`,
    ),
    written: new RegExp(
      `${/\d+(?:[.,]\d+)*\s?(?:kg|g|mg|lbs?|oz|pounds?|ounces?|grams?|grammes?|gramm|gramos|grammi|gramy|kilos?|kilograms?|kilogramm|kilogrammes?|kilogramos|chilogrammi|kilogramów|tons?|tonnes?|t)(?!\p{L})/u.source}|${spelledOut('pounds?|ounces?|grams?|grammes?|gramm|gramos|grammi|kilos?|kilograms?|kilogramm|tons?|tonnes?')}`,
      'giu',
    ),
  },
  {
    // A duration (or, for "how long is the cable", a length): a number with a unit of time or length.
    asks: unicodeWordRegExp(
      String.raw`\bhow long\b|\bwie lange?\b|\bcombien de temps\b|\b(?:quelle|la) durée\b|\bcu[áa]nto (?:tiempo|dura)\b|\bqu[ée] duraci[óo]n\b|\bquanto (?:tempo|dura)\b|\bjak długo\b|\bkuinka (?:kauan|pitkä)(?!\p{L})`,
    ),
    written: new RegExp(
      `${/\d+(?:[.,]\d+)*\s?(?:years?|yrs?|months?|weeks?|days?|hours?|hrs?|minutes?|mins?|seconds?|secs?|h|min|s|jahre?n?|monate?n?|wochen?|tage?n?|stunden?|minuten?|sekunden?|ans?|années?|mois|semaines?|jours?|heures?|años?|mes(?:es)?|semanas?|días?|horas?|minutos?|anni|anno|mes[ei]|settimane?|giorn[io]|ore|ora|minuti|anos?|dias?|lat|lata|miesięcy|miesiące|tygodni|dni|godzin|minut|vuotta|vuosi|kuukautta|viikkoa|päivää|tuntia|minuuttia|mm|cm|m|km|in|inch(?:es)?|ft|feet|foot|yards?|miles?|met(?:er|re)s?|mètres?|metros?|metri|metrów|metriä)(?!\p{L})/u.source}|${spelledOut(
        'years?|months?|weeks?|days?|hours?|minutes?|seconds?|jahre?n?|monate?n?|wochen?|tage?n?|stunden?|minuten?|sekunden?|ans|années?|mois|semaines?|jours?|heures?|años|meses|semanas|días|horas|minutos|anni|mesi|settimane|giorni|ore|minuti|anos|dias|lat|miesięcy|tygodni|dni|godzin|minut|vuotta|kuukautta|viikkoa|päivää|tuntia|minuuttia|miles?|met(?:er|re)s?|mètres|metros|metri|kilomet(?:er|re)s?|kilometern?|feet|inch(?:es)?',
      )}`,
      'giu',
    ),
  },
  {
    // A date: a day with its month (named, with its year if written, or in figures).
    asks: DATE_CUE,
    written: new RegExp(
      `(?<![\\d.])\\d{1,2}(?:st|nd|rd|th|er)?\\.?\\s*(?:of\\s+|de\\s+)?(?:${MONTHS})(?!\\p{L})(?:\\.?\\s+(?:de\\s+)?\\d{4}(?!\\d))?|(?<!\\p{L})(?:${MONTHS})\\s+\\d{1,2}(?:st|nd|rd|th)?(?![\\p{L}\\d])(?:,?\\s+\\d{4}(?!\\d))?|(?<![\\d.])\\d{1,2}[./]\\d{1,2}[./](?:\\d{4}|\\d{2})(?!\\.?\\d)|\\d{4}-\\d{2}-\\d{2}`,
      'giu',
    ),
  },
  {
    // A time of day: hours and minutes, or an hour with its word ("15.00 bis 18.00 Uhr", "9am", "20 h").
    asks: unicodeWordRegExp(
      String.raw`\b(?:(?:at )?(?:what|which) time|what hours)\b|\bum wie viel uhr\b|\bwelche[nr]? (?:uhrzeit|öffnungszeit)|(?<!\p{L})à quelle heure\b|\bquels horaires\b|\ba qu[ée] hora\b|\bqu[ée] horario\b|\ba che ora\b|\bquali orari\b|\ba que horas\b|\bque horário(?!\p{L})|\bo której(?!\p{L})|\bw jakich godzinach\b|\bmihin aikaan\b`,
    ),
    written:
      /(?<![\d.:])\d{1,2}[:.]\d{2}(?![\d.:]*\d)(?:\s*(?:uhr|h|a\.?m\.?|p\.?m\.?)(?!\p{L}))?|(?<![\d.:])\d{1,2}\s?(?:uhr|a\.?m\.?|p\.?m\.?|h)(?!\p{L})/giu,
  },
  {
    // An image's or a screen's resolution: megapixels, "4K", "1080p", or width by height ("1x1 Kilometer", "1920 × 1080").
    asks: unicodeWordRegExp(
      String.raw`\b(?:what|which)\b[^?]*\bresolution\b|\bwie (?:fein|hoch|genau)\b[^?]*(?<!\p{L})aufgelöst(?!\p{L})|\bwelche\b[^?]*(?<!\p{L})auflösung(?!\p{L})|\bquelle\b[^?]*(?<!\p{L})résolution\b|\bqu[ée](?!\p{L})[^?]*\bresoluci[óo]n(?!\p{L})|\bquale\b[^?]*\brisoluzione\b|\bqual\b[^?]*\bresolução(?!\p{L})|\bjak\p{L}*[^?]*\brozdzielczoś\p{L}*|(?<!\p{L})mikä(?!\p{L})[^?]*\btarkkuus\p{L}*`,
    ),
    written:
      /\d+(?:[.,]\d+)?\s?(?:MP|[Mm]egapi?xels?|K|p)(?!\p{L})|\d+(?:[.,]\d+)?\s?[x×]\s?\d+(?:[.,]\d+)?(?:\s?(?:px|pixels?|Pixel|mm|cm|m|km|[Kk]ilomet(?:er|re)s?|[Mm]et(?:er|re)s?)(?!\p{L}))?/gu,
  },
  {
    // A version: dotted numbers, or a number after the word version.
    asks: unicodeWordRegExp(
      String.raw`\b(?:what|which)(?: \p{L}+){0,4} (?:version|release)\b(?! \d)|\bwelche (?:\p{L}+ )?version\b|\bquelle version\b|\bqu[ée] versi[óo]n\b|\bquale versione\b|\bqual (?:a )?vers[ãa]o\b|\bktór\p{L}* wersj|\bmikä versio`,
    ),
    written: VERSION,
  },
];

/** "How many" and "how much" before a unit, in the languages of the cues. */
const HOW_MANY = String.raw`(?:how (?:many|much)|wie viele?|combien de|cu[áa]nt[oa]s?|quant[oaie]|ile|kuinka (?:monta|paljon)|montako|paljonko)`;

/**
 * Units a question counts in ("How many watts…", "Wie viele Stunden…"), each with how its figure
 * is written (its names and its symbol after the number), and the measures counted in it ("How
 * much RAM…", "How much protein…": one word may stand between, "internal storage"). Counting in a
 * unit asks for that unit: a number in another ("6.6.16", "3 LEDs", "100 % vegan") is no answer.
 * Units of time and length are also the duration kind's; "years" is an age's.
 */
const UNITS: readonly { names: string; symbols: string; measures?: string }[] = [
  { names: 'watts?|kilowatts?', symbols: 'k?W', measures: 'power|leistung|puissance|potencia|potenza' },
  { names: 'volts?', symbols: 'k?V' },
  { names: 'amps?|amperes?|ampere', symbols: 'm?A' },
  { names: 'calories|kalorien|calorías|calorie', symbols: 'k?cal' },
  {
    names: 'grams|gramm|grammes|gramos|grammi|gramów',
    symbols: '[mk]?g',
    measures:
      'protein|fat|sugars?|carbs|carbohydrates|fib(?:re|er)|caffeine|salt|eiweiß|zucker|fett|koffein|protéines|sucre|lipides|proteínas|azúcar|grasas|proteine|zucchero|grassi|białka|cukru|tłuszczu|proteiinia|sokeria|rasvaa',
  },
  { names: 'kilomet(?:er|re)s?|kilometern|kilómetros|chilometri|kilometrów|kilometriä|miles', symbols: 'km|mi' },
  { names: 'lit(?:er|re)s?|litros|litri|litrów|litraa', symbols: 'l|L' },
  {
    names: 'gigabytes?|megabytes?|terabytes?',
    symbols: '[KMGT]B',
    measures:
      'ram|memory|storage|disk space|speicher\\p{L}*|arbeitsspeicher|mémoire|stockage|memoria|almacenamiento|armazenamento|pamięci|muistia|tallennustilaa',
  },
  { names: 'pixels?|pixel', symbols: 'px' },
  { names: 'hours|stunden|heures|horas|ore|godzin|tuntia', symbols: 'h|hrs?' },
  { names: 'days|tage|jours|días|giorni|dni|päivää', symbols: 'd' },
];

const UNIT_KINDS: readonly NumberKind[] = UNITS.map(({ names, symbols, measures }) => ({
  asks: new RegExp(
    `(?<!\\p{L})${HOW_MANY}\\s+(?:${names}${measures === undefined ? '' : `|(?:\\p{L}+\\s+)?(?:${measures})`})(?!\\p{L})`,
    'iu',
  ),
  written: new RegExp(`\\d+(?:[.,]\\d+)*\\s?(?:${names}|${symbols})(?!\\p{L})|${spelledOut(names)}`, 'giu'),
}));

const NUMBER_KINDS: readonly NumberKind[] = [...WRITTEN_KINDS, ...UNIT_KINDS];

/**
 * A range's first figure before a number of a kind ("15 to 20 years", "10–14 %", "between 5 and 8
 * hours", "de 15 a 20 años"), in the languages of the cues: the range is the answer, its last
 * figure alone is not what the page says.
 */
const RANGE_BEFORE = new RegExp(
  String.raw`(?<![\p{L}\p{N}])(?:(?:from|von|de|da|od)\s+)?\p{Nd}[\p{Nd}.,]*\s*(?:[-–—]|to|till|bis|à|au|a|al|do)\s*$` +
    String.raw`|(?<![\p{L}\p{N}])(?:between|zwischen|entre|tra|fra|między)\s+\p{Nd}[\p{Nd}.,]*\s+(?:and|und|et|y|e|i|a)\s+$`,
  'iu',
);

/** The numbers of this kind the text writes and the question does not, each once, as written (with a range's first figure). */
function newMatches(text: string, question: string, pattern: RegExp): string[] {
  const asked = new Set([...question.matchAll(pattern)].map((m) => m[0].toLowerCase()));
  const found = new Map<string, string>();
  for (const m of text.matchAll(pattern)) {
    if (asked.has(m[0].toLowerCase())) continue;
    const span = (RANGE_BEFORE.exec(text.slice(0, m.index))?.[0] ?? '') + m[0];
    found.set(span.toLowerCase(), span);
  }
  return [...found.values()];
}

/** Whether the question asks for a particular kind of number (a year, an age, a share, a sum, a weight, a duration, a date, a time of day, a resolution, a version, a count in a unit). */
export function asksKindOfNumber(question: string): boolean {
  return NUMBER_KINDS.some((kind) => kind.asks.test(question));
}

/** Whether the text answers the kind of number the question asks for; true when it asks for no particular kind. */
export function holdsNumberOfKind(text: string, question: string): boolean {
  return NUMBER_KINDS.every((kind) => !kind.asks.test(question) || newMatches(text, question, kind.written).length > 0);
}

/**
 * A run of capitalised words (with the small words of names between them: "Silvina del Pópolo",
 * "Ludwig van Beethoven"), its possessive left out.
 */
const NAME_RUN =
  /\p{Lu}[\p{L}\p{M}-]*(?:\s+(?:(?:de|del|della|di|da|dos|du|van|von|der|den|la|le|bin|al)\s+)?\p{Lu}[\p{L}\p{M}-]*)+/gu;

/**
 * The short answer inside a sentence that answers, where it is unambiguous: the one number of
 * the kind asked (a year, an age, a share, a price, a version), or for who, where or which named
 * one the one name of two words or more that the question does not hold. Verbatim from the sentence, so it can be quoted
 * and cited; undefined when there is none or more than one.
 */
export function answerSpan(text: string, question: string, questionTerms: readonly string[]): string | undefined {
  const kinds = NUMBER_KINDS.filter((kind) => kind.asks.test(question));
  if (kinds.length > 0) {
    const spans = new Set(kinds.flatMap((kind) => newMatches(text, question, kind.written)));
    return spans.size === 1 ? [...spans][0] : undefined;
  }
  if (!expectsName(question)) return undefined;
  const names = new Set<string>();
  for (const m of text.matchAll(NAME_RUN)) {
    const all = words(m[0]);
    // "The Islanders": a function word opening a run is no part of a name.
    const first = all.findIndex((w) => contentTerm(w) !== undefined);
    const named = first < 0 ? [] : all.slice(first);
    if (named.length < 2 || named.some((w) => questionTerms.includes(contentTerm(w) ?? ''))) continue;
    names.add(m[0].slice(m[0].indexOf(named[0] as string)));
  }
  return names.size === 1 ? [...names][0] : undefined;
}
