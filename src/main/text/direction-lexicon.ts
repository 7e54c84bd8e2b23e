/**
 * Words that say which way something goes — more or less, up or down, better or worse, warmer or
 * colder — grouped by scale, in the languages Lantern is used in. A claim that goes one way on a
 * scale where its passage goes only the other way says the opposite of it ("weakens the heart"
 * for "strengthens the heart", "najwyższa" for "najniższa"). Bounds written with a number ("up
 * to 20 %", "mindestens 90") are read with the number (deep-research/values.ts), not here.
 *
 * An entry ending in "*" is a beginning of words (a stem: "increas*" for "increases",
 * "increasing"); the others are whole words. A whole word wins over a stem ("höchstens", at
 * most, is not "höchst*", highest).
 */

export type Direction = 'up' | 'down';

interface Scale {
  name: string;
  up: string;
  down: string;
}

const SCALES: Scale[] = [
  {
    name: 'amount',
    up:
      'more greater higher highest larger largest bigger biggest longer increas* rise rises rising rose risen grow grows growing grew grown exceed* raise* ' +
      'mehr höher höhere höheren höherer höchst* größer* mindestens steig* stieg* erhöh* zunehm* zugenommen wachs* übertr* ' +
      'davantage hausse augment* supérieur* ' +
      'più maggior* superior* aument* cresc* ' +
      'más mayor* ' +
      'więcej wyższ* najwyższ* większ* wzro* rośn* ' +
      'enemmän suurem* korkeam* kasv* ' +
      'больше выше рост* увелич*',
    down:
      'less fewer lower lowest smaller smallest shorter least decreas* reduc* fall falls falling fell fallen drop dropped drops declin* shrink* cut cuts ' +
      'weniger niedrig* geringer* höchstens kleiner* kürzer* sink* sank senk* verringer* abnehm* abgenommen ' +
      'moins baisse diminu* inférieur* réduit* ' +
      'meno minor* inferior* ridu* cala* ' +
      'menos menor* ' +
      'mniej niższ* najniższ* mniejsz* spad* spadł* ' +
      'vähemmän pienem* alhaisem* matalam* lasku* laski* ' +
      'меньше ниже сниж* уменьш*',
  },
  {
    name: 'strength',
    up: 'strengthen* stronger strongest stärk* stärker* renforc* rafforz* wzmacn* vahvist* vahvem*',
    down: 'weaken* weaker weakest schwäch* affaibli* indeboli* osłabi* heikent* heikom*',
  },
  {
    name: 'quality',
    up: 'improv* better best verbesser* besser* beste* amélior* meilleur* miglior* mejor* lepsz* najlepsz* parant* parem*',
    down: 'worsen* worse worst verschlechter* schlechter* schlimmer* pire aggrav* peggior* peor* gorsz* najgorsz* heikkene* huonom*',
  },
  {
    name: 'speed',
    up: 'faster fastest quicker schneller* szybsz* nopeam*',
    down: 'slower slowest langsamer* wolniejsz* hitaam*',
  },
  {
    name: 'frequency',
    up: 'often frequently häufig* oft souvent spesso często usein',
    down: 'rarely seldom selten rarement raramente rzadko harvoin',
  },
  {
    name: 'warmth',
    up: 'warmer warmest hotter milder wärmer* milder* cieplejsz* lämpimäm* lauhem* leudom*',
    down: 'colder coldest cooler kälter* kühler* zimniejsz* chłodniejsz* kylmem* viileäm*',
  },
  {
    name: 'wetness',
    up: 'wetter rainier nasser* feuchter* regnerischer* wilgotniejsz* sateisem* kosteam*',
    down: 'drier dryer trockener* suchsz* kuivem*',
  },
  {
    name: 'light',
    up: 'brighter lighter heller* jaśniejsz* valoisam*',
    down: 'darker dunkler* ciemniejsz* pimeäm* synkem*',
  },
];

interface Entry {
  scale: string;
  direction: Direction;
}

const WHOLE = new Map<string, Entry>();
const STEMS: { stem: string; entry: Entry }[] = [];
for (const scale of SCALES) {
  for (const direction of ['up', 'down'] as const) {
    for (const word of scale[direction].split(' ')) {
      const entry = { scale: scale.name, direction };
      if (word.endsWith('*')) STEMS.push({ stem: word.slice(0, -1), entry });
      else WHOLE.set(word, entry);
    }
  }
}
// The longest stem first, so "höchstens" never reads as "höchst*" and "spadł*" before "spad*".
STEMS.sort((a, b) => b.stem.length - a.stem.length);

/** The scale and direction a word says, if it says one. */
export function directionOf(word: string): Entry | undefined {
  const lower = word.toLowerCase();
  const whole = WHOLE.get(lower);
  if (whole) return whole;
  return STEMS.find(({ stem }) => lower.startsWith(stem))?.entry;
}

/** A text's directions: for each scale it speaks of, the directions it goes and the words that say so. */
export function directionsIn(words: readonly string[]): Map<string, Map<Direction, string>> {
  const out = new Map<string, Map<Direction, string>>();
  for (const word of words) {
    const entry = directionOf(word);
    if (!entry) continue;
    const scale = out.get(entry.scale) ?? new Map<Direction, string>();
    if (!scale.has(entry.direction)) scale.set(entry.direction, word);
    out.set(entry.scale, scale);
  }
  return out;
}
