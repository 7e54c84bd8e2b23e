/**
 * The figures a sentence gives, read so that two sources' figures can be compared: a number with
 * what it counts or measures — a sum of money (per year, per kWh…), a share, a year, a
 * temperature, a quantity in a unit (energy, power, length, mass, volume, area, time, speed,
 * data, sound level), a count of something ("2.5 million households"), or a labelled measure
 * ("a COP of 3.2"). Units of one kind are converted to one base unit (°F to °C, MWh to kWh,
 * months to years) so that "75 € a month" meets "900 € a year"; figures of different kinds or
 * currencies never meet. A range ("10–15 years") or a bound ("up to 20 years", "more than 40 %")
 * is an interval. The number formats of the languages Lantern is used in are read ("3,5" and
 * "3.5", "1.500" and "1,500", "1 000"); where a format is ambiguous both readings are kept.
 */
import { contentTerm } from '../answer/terms';

export interface Interval {
  low: number;
  high: number;
}

export interface Value {
  /** What the figure is of, after conversion: only values with the same unit are compared ("money:EUR/year", "temperature", "count:household"). */
  unit: string;
  /** The interval the figure stands for in the unit's base, once per reading of an ambiguous number format. */
  readings: Interval[];
  /** The figure as written (range, bound and unit included, an "about" left out). */
  written: string;
  /** Its [start, end) range in the text read, the "about" before it included. */
  start: number;
  end: number;
}

interface Unit {
  dimension: string;
  /** Multiplies the number into the dimension's base unit. */
  factor: number;
  /** Temperatures only: added after the factor (°F → °C). */
  offset?: number;
}

const u = (dimension: string, factor = 1, offset?: number): Unit => ({
  dimension,
  factor,
  ...(offset === undefined ? {} : { offset }),
});

/** Symbols and abbreviations, matched with their case ("MW" is not "mW"). */
const SYMBOL_UNITS: Record<string, Unit> = {
  '°C': u('temperature'),
  '℃': u('temperature'),
  '° C': u('temperature'),
  '°F': u('temperature', 5 / 9, -160 / 9),
  '℉': u('temperature', 5 / 9, -160 / 9),
  '° F': u('temperature', 5 / 9, -160 / 9),
  Wh: u('energy', 0.001),
  kWh: u('energy'),
  MWh: u('energy', 1e3),
  GWh: u('energy', 1e6),
  TWh: u('energy', 1e9),
  kJ: u('energy', 1 / 3600),
  MJ: u('energy', 1 / 3.6),
  GJ: u('energy', 1e3 / 3.6),
  W: u('power', 0.001),
  kW: u('power'),
  MW: u('power', 1e3),
  GW: u('power', 1e6),
  hp: u('power', 0.7457),
  mm: u('length', 0.001),
  cm: u('length', 0.01),
  m: u('length'),
  km: u('length', 1e3),
  ft: u('length', 0.3048),
  mi: u('length', 1609.344),
  mg: u('mass', 1e-6),
  g: u('mass', 0.001),
  kg: u('mass'),
  t: u('mass', 1e3),
  lb: u('mass', 0.45359237),
  lbs: u('mass', 0.45359237),
  oz: u('mass', 0.028349523),
  ml: u('volume', 0.001),
  mL: u('volume', 0.001),
  l: u('volume'),
  L: u('volume'),
  'm³': u('volume', 1e3),
  m3: u('volume', 1e3),
  'm²': u('area'),
  m2: u('area'),
  'km²': u('area', 1e6),
  ha: u('area', 1e4),
  'sq ft': u('area', 0.09290304),
  'sq m': u('area'),
  'km/h': u('speed'),
  'km/t': u('speed'),
  mph: u('speed', 1.609344),
  'm/s': u('speed', 3.6),
  kB: u('data', 1e-3),
  KB: u('data', 1e-3),
  MB: u('data'),
  GB: u('data', 1e3),
  TB: u('data', 1e6),
  Mbps: u('bandwidth'),
  'Mbit/s': u('bandwidth'),
  Gbps: u('bandwidth', 1e3),
  'Gbit/s': u('bandwidth', 1e3),
  dB: u('sound'),
  'dB(A)': u('sound'),
  dBA: u('sound'),
  '%': u('percent'),
  h: u('duration', 1 / 8766),
  min: u('duration', 1 / 525960),
  s: u('duration', 1 / 31557600),
};

const DAY = 1 / 365.25;
/** Words, matched in any case, in English, German, French, Spanish, Italian, Portuguese, Polish and Finnish. */
const WORD_UNITS: [RegExp, Unit][] = [
  [
    /degrees? (?:celsius|centigrade)|grad celsius|degrés? celsius|grados? celsius|gradi celsius|graus? celsius|stopni celsjusza|celsius/,
    u('temperature'),
  ],
  [/degrees? fahrenheit|fahrenheit/, u('temperature', 5 / 9, -160 / 9)],
  [
    /per ?cent|percent|prozent|pour ?cent|por ?ciento|per ?cento|por ?cento|procent(?:ów|y)?|prosenttia|prosentti/,
    u('percent'),
  ],
  [/kilowatt[- ]hours?|kilowattstunden?/, u('energy')],
  [/megawatt[- ]hours?/, u('energy', 1e3)],
  [/kilowatts?/, u('power')],
  [/megawatts?/, u('power', 1e3)],
  [/watts?/, u('power', 0.001)],
  [/horsepower/, u('power', 0.7457)],
  [/kilomet(?:er|re)s?|kilomètres?|kilómetros?|chilometri|quilômetros?|kilometrów|kilometriä/, u('length', 1e3)],
  [/centimet(?:er|re)s?|centimètres?|centímetros?|centimetri/, u('length', 0.01)],
  [/millimet(?:er|re)s?|millimètres?|milímetros?|millimetri/, u('length', 0.001)],
  [/met(?:er|re)s?|mètres?|metros?|metri|metrów|metriä/, u('length')],
  [/miles?|meilen/, u('length', 1609.344)],
  [/feet|foot/, u('length', 0.3048)],
  [/inch(?:es)?|zoll/, u('length', 0.0254)],
  [
    /square met(?:er|re)s?|quadratmet(?:er|re)n?|mètres? carrés?|metros? cuadrados?|metri quadri|metros? quadrados?|metrów kwadratowych|neliömetriä/,
    u('area'),
  ],
  [/square feet|square foot/, u('area', 0.09290304)],
  [/hectares?|hektar/, u('area', 1e4)],
  [/acres?/, u('area', 4046.8564224)],
  [/kilograms?|kilogramm|kilogrammes?|kilogramos|chilogrammi|kilogramów|kilos?/, u('mass')],
  [/grams?|grammes?|gramm|gramos|grammi|gramów/, u('mass', 0.001)],
  [/tonnes?|tons?|tonnen|toneladas|tonnellate|ton/, u('mass', 1e3)],
  [/litres?|liters?|litros?|litri|litrów|litraa/, u('volume')],
  [/gallons?/, u('volume', 3.785411784)],
  [/decibels?|dezibel/, u('sound')],
  // Also the adjectives a number is joined to ("12-jährigen", "27-letni", "5-дневный", "3-vuotias"), and
  // Polish, Finnish and Russian forms after numbers other than one ("3 tygodnie", "kuukauden", "5 лет"; not "года", "vuoden", which also follow a year).
  // Decades and centuries are years by the ten and the hundred ("drei Jahrzehnte" is "30 Jahre").
  [
    /decades?|jahrzehnten?|jahrzehnte|décennies?|decenni|decennio|décadas?|dekad|dekady|dekadę|vuosikymmentä|vuosikymmenen|десятилети\p{L}*/u,
    u('duration', 10),
  ],
  [
    /centuries|century|jahrhunderten?|jahrhunderte|siècles?|secoli|secolo|siglos?|séculos?|wieków|wieki|vuosisataa|век(?:а|ов)?/u,
    u('duration', 100),
  ],
  [
    /years?|yrs?|jahren?|jahre|jährig\p{L}*|ans|années?|años?|anni|anno|anos?|lat|lata|letni\p{L}*|vuotta|vuosi|vuotia\p{L}*|vuotinen|лет|летн\p{L}*/u,
    u('duration'),
  ],
  [
    /months?|monaten?|monate|monatig\p{L}*|mois|mes(?:es)?|mesi|mese|meses|mês|miesięcy|miesiące|miesiąca|miesięczn\p{L}*|kuukautta|kuukauden|месяц\p{L}*/u,
    u('duration', 1 / 12),
  ],
  [
    /weeks?|wochen?|wöchig\p{L}*|semaines?|semanas?|settimane?|tygodni|tygodnie|tygodnia|tygodniow\p{L}*|viikkoa|viikon|недел\p{L}*/u,
    u('duration', 7 * DAY),
  ],
  [
    /days?|tagen?|tage|tägig\p{L}*|jours?|días?|giorni|giorno|dias?|dni|dnia|dniow\p{L}*|päivää|päivän|дн(?:я|ей)|дневн\p{L}*/u,
    u('duration', DAY),
  ],
  [
    /hours?|hrs?|stunden?|stündig\p{L}*|heures?|horas?|ore|ora|godzin|godziny|godzinn\p{L}*|tuntia|tunnin|час(?:а|ов)?|часов\p{L}*/u,
    u('duration', DAY / 24),
  ],
  [
    /minutes?|mins?|minuten?|minütig\p{L}*|minutos?|minuti|minut|minuty|minuuttia|minuutin|минут\p{L}*/u,
    u('duration', DAY / 1440),
  ],
];

/** Currencies: a sign before the figure, or a sign, code or name after it. */
const CURRENCY_SIGNS: Record<string, string> = {
  US$: 'USD',
  $: 'USD',
  USD: 'USD',
  '€': 'EUR',
  EUR: 'EUR',
  '£': 'GBP',
  GBP: 'GBP',
  '¥': 'JPY',
  JPY: 'JPY',
  '₹': 'INR',
  INR: 'INR',
  CHF: 'CHF',
  PLN: 'PLN',
};
/** A currency's sign or code written before the figure ("$1,200", "€ 40", "CHF 300"). */
const CURRENCY_BEFORE = /^(US\$|[$€£¥₹]|(?<!\p{L})(?:USD|EUR|GBP|JPY|INR|CHF|PLN))[\s\u00a0]?(?=[-−]?\d)/u;
const CURRENCY_AFTER: [RegExp, string][] = [
  [/\$|USD|US-dollars?|dollars?|dólares|dollari/, 'USD'],
  [/€|EUR|euros?|euroa|euro/, 'EUR'],
  [/£|GBP|pounds? sterling|pounds?|sterling/, 'GBP'],
  [/¥|JPY|yen/, 'JPY'],
  [/₹|INR|rupees?/, 'INR'],
  [/CHF|franken|francs suisses/, 'CHF'],
  [/PLN|zł|złotych|złote|zlotys?/, 'PLN'],
  [/SEK/, 'SEK'],
  [/NOK/, 'NOK'],
  [/DKK/, 'DKK'],
];

/** Words that scale the number before them. */
const MULTIPLIERS: [RegExp, number][] = [
  [/thousand|tausend|mille|mil|tys\.?|tuhatta|tsd\.?/, 1e3],
  [/millions?|millionen|mio\.?|millones|milioni|milhões|milhão|mln|miljoonaa|milionów|miliony|million/, 1e6],
  [/billions?|milliarden|mrd\.?|milliards?|mil millones|miliardi|bilhões|mld|miljardia|miliardów|miliardy|bn/, 1e9],
  [/trillions?/, 1e12],
];
const MONEY_MULTIPLIERS: [RegExp, number][] = [
  [/k/, 1e3],
  [/m|mn/, 1e6],
  [/b/, 1e9],
];

/** "Per" in the languages read, and the units a rate is given per. */
const PER = /(?:\/|per|a|an|each|pro|je|im|par|al|all'|por|na|za|vuodessa)/;
const RATE_TIME: [RegExp, number][] = [
  [/years?|yr|annum|jahr|an|année|año|anno|ano|rok|vuosi/, 1],
  [/months?|mo|monat|mois|mes|mese|mês|miesiąc/, 12],
  [/weeks?|woche|semaine|semana|settimana|tydzień/, 52.18],
  [/days?|tag|jour|día|giorno|dia|dzień|päivä/, 365.25],
  [/hours?|h|stunde|heure|hora|ora|godzina/, 8766],
];
/** One word that says "a year" ("annually", "jährlich", "rocznie"). */
const RATE_WORDS: [RegExp, number][] = [
  [
    /annually|yearly|per year|a year|jährlich|pro jahr|im jahr|par an|annuellement|al año|por año|all'anno|annualmente|por ano|rocznie|vuodessa|vuosittain/,
    1,
  ],
  [/monthly|a month|monatlich|par mois|al mes|al mese|por mês|miesięcznie|kuukaudessa/, 12],
];

/** "About", "around": a figure given loosely is still a point. */
const HEDGE =
  /(?<!\p{L})(?:about|around|approximately|approx\.|roughly|nearly|almost|some|circa|ca\.|~|etwa|rund|ungefähr|knapp|environ|près de|aproximadamente|alrededor de|cerca de|unos|unas|quasi|około|blisko|noin|lähes)\s*$/iu;
/** Bounds: "up to 20" is at most 20, "more than 40" at least 40. */
const AT_MOST =
  /(?<!\p{L})(?:up to|as (?:much|many|high|long) as|at most|no more than|less than|fewer than|under|below|bis zu|höchstens|weniger als|unter|jusqu'à|au plus|moins de|hasta|como máximo|menos de|fino a|al massimo|meno di|até|no máximo|poniżej|maksymalnie|enintään|alle)\s*$/iu;
const AT_LEAST =
  /(?<!\p{L})(?:more than|over|above|at least|exceeding|upwards of|in excess of|mehr als|über|mindestens|plus de|au moins|más de|al menos|più di|almeno|mais de|pelo menos|ponad|powyżej|co najmniej|yli|vähintään)\s*$/iu;
/** "Between 10 and 15", "from 10 to 15", in the same languages. */
const RANGE_OPEN = /(?<!\p{L})(?:between|from|zwischen|von|entre|de|tra|fra|da|od|välillä)\s*$/iu;

/** A number as written: digits with decimal or thousands separators, and a minus. */
const NUMBER_AT = /^(?:[-−](?=\d))?\d+(?:(?:[.,\u00a0\u202f\u2009]|\s(?=\d{3}(?![\d.,])))\d+)*/u;

/**
 * The readings of a number as written: "3,5" and "3.5" are 3.5; "1,000,000" and "1.000.000" a
 * million; "1,500" or "1.500" alone may be either 1500 or 1.5 (English and German write them the
 * other way round), so both are kept. Empty when it is no number (grouping not in threes).
 */
export function readNumber(written: string): number[] {
  const negative = /^[-−]/.test(written);
  const digits = written.replace(/^[-−]/, '').replace(/[\s\u00a0\u202f\u2009]/g, '');
  const sign = negative ? -1 : 1;
  const dots = digits.split('.').length - 1;
  const commas = digits.split(',').length - 1;
  const plain = (s: string): number => sign * Number(s);
  if (dots > 0 && commas > 0) {
    const decimal = digits.lastIndexOf('.') > digits.lastIndexOf(',') ? '.' : ',';
    const grouping = decimal === '.' ? ',' : '.';
    const [whole = '', fraction = ''] = digits.split(decimal);
    if (digits.split(decimal).length !== 2 || !groupedInThrees(whole, grouping)) return [];
    return [plain(`${whole.split(grouping).join('')}.${fraction}`)];
  }
  const separator = dots > 0 ? '.' : commas > 0 ? ',' : undefined;
  if (separator === undefined) return [plain(digits)];
  const parts = digits.split(separator);
  if (parts.length > 2) return groupedInThrees(digits, separator) ? [plain(parts.join(''))] : [];
  const [whole = '', fraction = ''] = parts;
  const asDecimal = plain(`${whole}.${fraction}`);
  if (fraction.length !== 3 || /^0+$/.test(whole)) return [asDecimal];
  return [plain(`${whole}${fraction}`), asDecimal];
}

function groupedInThrees(whole: string, separator: string): boolean {
  const [first = '', ...rest] = whole.split(separator);
  return first.length >= 1 && first.length <= 3 && rest.every((group) => group.length === 3);
}

/** Patterns tried at the start of a text, each as a whole word, with what each means. */
type Table<T> = { pattern: RegExp; value: T }[];

function table<T>(entries: readonly [RegExp, T][], flags: string): Table<T> {
  return entries.map(([pattern, value]) => ({
    pattern: new RegExp(`^(?:${pattern.source})(?![\\p{L}\\p{N}])`, flags),
    value,
  }));
}

/** The longest entry of the table that matches at the start of `text`. */
function longestAt<T>(text: string, entries: Table<T>): { length: number; value: T } | undefined {
  let best: { length: number; value: T } | undefined;
  for (const { pattern, value } of entries) {
    const m = pattern.exec(text);
    if (m && (!best || m[0].length > best.length)) best = { length: m[0].length, value };
  }
  return best;
}

const SYMBOLS = table(
  Object.entries(SYMBOL_UNITS).map(([symbol, unit]): [RegExp, Unit] => [new RegExp(escapeRegExp(symbol)), unit]),
  'u',
);
const WORDS = table(WORD_UNITS, 'iu');
const RATE_WORD_TABLE = table(RATE_WORDS, 'iu');
const RATE_TIME_TABLE = table(RATE_TIME, 'iu');
const MULTIPLIER_TABLE = table(MULTIPLIERS, 'iu');
const MONEY_MULTIPLIER_TABLE = table(MONEY_MULTIPLIERS, 'iu');
const CURRENCY_AFTER_TABLE = table(CURRENCY_AFTER, 'iu');
const PER_AT = new RegExp(`^\\s*${PER.source}\\s*`, 'iu');

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
}

/** A unit right after a number: a symbol (case as written) or a word (any case), after a space or hyphen or none. */
function unitAt(text: string): { length: number; value: Unit } | undefined {
  const gap = /^[\s\u00a0\u202f\u2009-]?/u.exec(text)?.[0].length ?? 0;
  const rest = text.slice(gap);
  const symbol = longestAt(rest, SYMBOLS);
  const word = longestAt(rest, WORDS);
  const best = !symbol ? word : !word ? symbol : word.length > symbol.length ? word : symbol;
  return best && { length: gap + best.length, value: best.value };
}

/** "a year", "/kWh", "per month", "jährlich" after a figure: what it is given per. */
function rateAt(text: string): { length: number; per: string; factor: number } | undefined {
  const word = longestAt(text.replace(/^\s+/, ''), RATE_WORD_TABLE);
  const lead = text.length - text.replace(/^\s+/, '').length;
  if (word && lead > 0) return { length: lead + word.length, per: 'year', factor: word.value };
  const per = PER_AT.exec(text);
  if (!per || (per[0].trim() !== '/' && lead === 0)) return undefined;
  const after = text.slice(per[0].length);
  const time = longestAt(after, RATE_TIME_TABLE);
  if (time) return { length: per[0].length + time.length, per: 'year', factor: time.value };
  const unit = unitAt(after);
  if (unit && unit.value.dimension !== 'percent' && !/^\s/.test(after))
    return { length: per[0].length + unit.length, per: unit.value.dimension, factor: 1 / unit.value.factor };
  return undefined;
}

/** A number, with its currency, multiplier and unit when written beside it. */
interface Quantity {
  /** The number's digits as written. */
  digits: string;
  numbers: number[];
  end: number;
  multiplied: boolean;
  currency?: string;
  unit?: Unit;
}

const GAP = /^[\s\u00a0\u202f\u2009]?/u;

/** The quantity written at `start` (a currency sign, the number, a multiplier, a currency or unit after it). */
function quantityAt(text: string, start: number): Quantity | undefined {
  let at = start;
  let currency: string | undefined;
  const sign = CURRENCY_BEFORE.exec(text.slice(at));
  if (sign) {
    currency = CURRENCY_SIGNS[sign[1]!];
    at += sign[0].length;
  }
  const number = NUMBER_AT.exec(text.slice(at));
  if (!number) return undefined;
  let numbers = readNumber(number[0]);
  if (numbers.length === 0) return undefined;
  at += number[0].length;
  const gap = GAP.exec(text.slice(at))![0].length;
  // "2.5 million", "3 Mrd."; "m", "k" and "bn" only straight after a sum ("$3m", "€40k"), where they cannot be metres.
  const word = longestAt(text.slice(at + gap), MULTIPLIER_TABLE);
  const short = word || currency === undefined ? undefined : longestAt(text.slice(at), MONEY_MULTIPLIER_TABLE);
  const multiplier = word ?? short;
  if (multiplier) {
    const factor = multiplier.value;
    numbers = numbers.map((n) => n * factor);
    at += (word ? gap : 0) + multiplier.length;
  }
  if (currency === undefined) {
    const space = GAP.exec(text.slice(at))![0].length;
    const after = longestAt(text.slice(at + space), CURRENCY_AFTER_TABLE);
    if (after) {
      currency = after.value;
      at += space + after.length;
    }
  }
  const unit = currency === undefined ? unitAt(text.slice(at)) : undefined;
  if (unit) at += unit.length;
  return {
    digits: number[0],
    numbers,
    end: at,
    multiplied: multiplier !== undefined,
    ...(currency === undefined ? {} : { currency }),
    ...(unit ? { unit: unit.value } : {}),
  };
}

/** Months in the same languages: a day before one, or a year after one, makes a date. */
const MONTH =
  /(?:january|januar|janvier|jan|february|februar|février|feb|march|märz|mars|mar|april|avril|apr|may|mai|june|juni|juin|jun|july|juli|juillet|jul|august|août|aug|september|septembre|sept|sep|october|oktober|octobre|oct|okt|november|novembre|nov|december|dezember|décembre|dec|dez|enero|febrero|marzo|abril|mayo|junio|julio|agosto|septiembre|octubre|noviembre|diciembre|gennaio|febbraio|aprile|maggio|giugno|luglio|settembre|ottobre|dicembre|janeiro|fevereiro|março|maio|junho|julho|setembro|outubro|novembro|dezembro|stycznia|lutego|marca|kwietnia|maja|czerwca|lipca|sierpnia|września|października|listopada|grudnia)\.?/iu;
const WHOLE_MONTH = new RegExp(`^${MONTH.source}$`, 'iu');
const DAY_MONTH_YEAR = new RegExp(`^\\s*${MONTH.source}\\s*,?\\s*(\\d{4})(?!\\d)`, 'iu');

/** Where a figure may start: a currency sign, or a number no word, number or code runs into. */
const FIGURE_START =
  /(?:US\$|[$€£¥₹]|(?<!\p{L})(?:USD|EUR|GBP|JPY|INR|CHF|PLN))?[\s\u00a0]?(?<![\p{L}\p{N}_.,:/#°'’-])(?:[-−](?=\d))?\d/gu;

/** The figures of a text, in order. Numbers that name rather than measure (a time of day, a version, "COVID-19", an ordinal) are skipped. */
export function readValues(text: string): Value[] {
  const values: Value[] = [];
  FIGURE_START.lastIndex = 0;
  for (let m = FIGURE_START.exec(text); m; m = FIGURE_START.exec(text)) {
    const start = m.index + (/^\s/.test(m[0]) ? 1 : 0);
    const value = valueAt(text, start);
    const skip = /[\d.,\u00a0\u202f\u2009]*/y;
    skip.lastIndex = m.index + m[0].length;
    skip.exec(text);
    FIGURE_START.lastIndex = value ? value.end : skip.lastIndex;
    if (value) values.push(value);
  }
  return values;
}

/** Right after a number: it names, counts in order or tells the time, so it is no figure. */
const NOT_A_FIGURE = /^(?::\d|\/\d|[.,]\d|(?:st|nd|rd|th|er|e|ème|º|ª|\.º)(?!\p{L}))/iu;
const RANGE_DASH = /^\s*[–—‒-]\s*/u;
const RANGE_TO = /^\s+(?:to|till|bis|à|a|al|do|hasta|até)\s+/iu;
const RANGE_AND = /^\s+(?:and|und|et|y|e|i|ja)\s+/iu;

/** A decade written as its first year ("the 1990s", "1980's"): the years it spans, not seconds. */
const DECADE = /^(1[5-9]\d0|20\d0)['’]?s(?!\p{L})/u;

function valueAt(text: string, start: number): Value | undefined {
  const decade = DECADE.exec(text.slice(start));
  if (decade) {
    const year = Number(decade[1]);
    const end = start + decade[0].length;
    return { unit: 'year', readings: [{ low: year, high: year + 9 }], written: text.slice(start, end), start, end };
  }
  const first = quantityAt(text, start);
  if (!first) return undefined;
  const after = text.slice(first.end);
  const before = text.slice(0, start);
  if (
    !first.unit &&
    !first.currency &&
    (NOT_A_FIGURE.test(after) || IDENTIFIER.test(/([\p{L}]+)\.?\s*$/u.exec(before)?.[1] ?? ''))
  )
    return undefined;
  if (!first.unit && !first.currency && !first.multiplied) {
    const date = DAY_MONTH_YEAR.exec(after);
    if (date) return yearValue(text, start, first.end + date[0].length, Number(date[1]));
  }
  const second = rangeEnd(text, first, before);
  let end = second?.end ?? first.end;
  const currency = first.currency ?? second?.currency;
  const unit = first.unit ?? second?.unit;
  let key: string | undefined;
  let convert = (n: number): number => n;
  if (currency !== undefined) key = `money:${currency}`;
  else if (unit) {
    key = unit.dimension;
    convert = (n) => n * unit.factor + (unit.offset ?? 0);
  }
  const rate = key === undefined ? undefined : rateAt(text.slice(end));
  if (key !== undefined && rate) {
    key = `${key}/${rate.per}`;
    const base = convert;
    convert = (n) => base(n) * rate.factor;
    end += rate.length;
  }
  if (key === undefined && isYear(first) && (!second || isYear(second))) key = 'year';
  // A whole number before a noun counts it ("a trial of 40 homes"); other numbers are measures named before them.
  const counted = first.multiplied || /^\d+$/.test(first.digits) ? nounAfter(text.slice(end)) : undefined;
  if (key === undefined)
    key = counted ?? (first.multiplied ? 'count' : (labelBefore(before) ?? nounAfter(text.slice(end))));
  // A number with decimals measures something even when nothing names it ("liegt im Altbau bei 3,5"); whole numbers alone are too often ranks or labels.
  if (key === undefined && /[.,]\d/.test(first.digits)) key = 'measure';
  if (key === undefined) return undefined;
  const hedge = HEDGE.exec(before);
  const atMost = second ? null : AT_MOST.exec(before);
  const bound = atMost ?? (second ? null : AT_LEAST.exec(before));
  const readings: Interval[] = [];
  for (const a of first.numbers) {
    for (const b of second ? second.numbers : [a]) {
      const [low, high] = [convert(a), convert(b)].sort((x, y) => x - y) as [number, number];
      if (!bound) readings.push({ low, high });
      else readings.push(atMost ? { low: -Infinity, high } : { low, high: Infinity });
    }
  }
  const opened = second ? RANGE_OPEN.exec(before) : null;
  const from = bound?.index ?? opened?.index ?? start;
  return {
    unit: key,
    readings,
    written: text.slice(from, end),
    start: bound?.index ?? opened?.index ?? hedge?.index ?? start,
    end,
  };
}

/** The second figure of a range ("10–15 years", "from 8 to 12 kW", "between 2019 and 2021"), when there is one. */
function rangeEnd(text: string, first: Quantity, before: string): Quantity | undefined {
  const after = text.slice(first.end);
  const join =
    RANGE_DASH.exec(after) ?? RANGE_TO.exec(after) ?? (RANGE_OPEN.test(before) ? RANGE_AND.exec(after) : null);
  if (!join) return undefined;
  const second = quantityAt(text, first.end + join[0].length);
  if (!second) return undefined;
  if (first.currency !== undefined && second.currency !== undefined && first.currency !== second.currency)
    return undefined;
  if (first.unit && second.unit && first.unit.dimension !== second.unit.dimension) return undefined;
  // A range ascends ("10–15"); "2019 – 40 %" is two figures, not one. Below zero it may run down ("-5 to -10 °C").
  const [a = 0] = first.numbers;
  const [b = 0] = second.numbers;
  return a <= b || (a < 0 && b < 0) ? second : undefined;
}

/** Four digits from 1500 to 2099 and nothing beside them: a year. */
function isYear(quantity: Quantity): boolean {
  const n = Number(quantity.digits);
  return (
    !quantity.multiplied &&
    quantity.currency === undefined &&
    !quantity.unit &&
    /^\d{4}$/.test(quantity.digits) &&
    n >= 1500 &&
    n <= 2099
  );
}

function yearValue(text: string, start: number, end: number, year: number): Value | undefined {
  if (year < 1500 || year > 2099) return undefined;
  return { unit: 'year', readings: [{ low: year, high: year }], written: text.slice(start, end), start, end };
}

const LOOSELY = String.raw`(?:(?:about|around|approximately|roughly|nearly|typically|usually|only|just|circa|etwa|rund|nur|environ|seulement|alrededor de|solo|około|noin)\s+){0,2}$`;
/** "COP of 3.2", "SCOP: 4,1", "Jahresarbeitszahl von 3,5": the word names the measure. */
const NAMED_AS = new RegExp(
  String.raw`([\p{L}][\p{L}\p{N}-]*)(?:\s+(?:of|von|de|di|do)\s+|\s?[:=]\s?)` + LOOSELY,
  'iu',
);
/**
 * "The seasonal COP of an air-source heat pump is 2.1": before a verb "to be", the measure is the
 * head of the phrase before it, the first word followed by "of" (or the word just before the verb).
 */
const IS = String.raw`\s+(?:is|was|are|were|ist|war|beträgt|liegt bei|est|était|es|era|è|é|wynosi|on)\s+`;
const HEAD_OF = new RegExp(
  String.raw`([\p{L}][\p{L}\p{N}-]*)\s+(?:of|von|de|di|do)\s+(?:[\p{L}-]+\s+){0,6}?[\p{L}-]+` + IS + LOOSELY,
  'iu',
);
const SUBJECT_IS = new RegExp(String.raw`([\p{L}][\p{L}\p{N}-]*)` + IS + LOOSELY, 'iu');

/** Words right before a number that make it a name, not a figure: "version 2.0", "chapter 3", "item number 3264". */
const IDENTIFIER =
  /^(?:version|versions|release|model|chapter|section|page|step|part|number|no|item|id|code|edition|season|episode|level|room|row|line|verse|article|paragraph|figure|table|version\p{L}*|versión|versione|versão|wersja|versio|kapitel|abschnitt|seite|chapitre|page|capítulo|capitolo|rozdział|luku)$/iu;

/** What a measure without a unit is of, named before it. */
function labelBefore(before: string): string | undefined {
  const near = before.slice(-120);
  const label = (NAMED_AS.exec(near) ?? HEAD_OF.exec(near) ?? SUBJECT_IS.exec(near))?.[1] ?? acronymBefore(near);
  if (label === undefined || contentTerm(label) === undefined) return undefined;
  // A single capital ("A: 3") labels nothing.
  return /\p{Ll}/u.test(label) || /^\p{Lu}{2,}/u.test(label) ? `measure:${contentTerm(label)}` : undefined;
}

/** An acronym a few words before the number names what it measures: "the COP drops to 2.1". */
function acronymBefore(before: string): string | undefined {
  return /(?:^|[^\p{L}])(\p{Lu}{2,6})(?:\s+[\p{Ll}][\p{Ll}-]*){1,8}\s+$/u.exec(before)?.[1];
}

/** What a bare count counts: "300 employees", "40 Länder". */
function nounAfter(after: string): string | undefined {
  const m = /^[\s\u00a0]+([\p{L}][\p{L}-]{2,})/u.exec(after);
  const word = m?.[1];
  if (word === undefined || WHOLE_MONTH.test(word)) return undefined;
  const term = contentTerm(word);
  return term === undefined ? undefined : `count:${term}`;
}
