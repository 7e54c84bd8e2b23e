import { describe, expect, it } from 'vitest';
import { readNumber, readValues } from '../../src/main/deep-research/values';

/** Each figure as "unit written = reading(s)", a range as low..high, a bound open on one side. */
function figures(text: string): string[] {
  return readValues(text).map((v) => {
    const readings = v.readings.map((r) =>
      r.low === r.high ? `${+r.low.toFixed(4)}` : `${+r.low.toFixed(4)}..${+r.high.toFixed(4)}`,
    );
    return `${v.unit} ${v.written} = ${readings.join(' or ')}`;
  });
}

describe('readNumber', () => {
  it('reads the decimal and thousands separators of English, German, French and Polish', () => {
    expect(readNumber('3.5')).toEqual([3.5]);
    expect(readNumber('3,5')).toEqual([3.5]);
    expect(readNumber('1,234,567')).toEqual([1234567]);
    expect(readNumber('1.234.567')).toEqual([1234567]);
    expect(readNumber('1,234.5')).toEqual([1234.5]);
    expect(readNumber('1.234,5')).toEqual([1234.5]);
    expect(readNumber('12\u202f000')).toEqual([12000]);
    expect(readNumber('−15')).toEqual([-15]);
    expect(readNumber('0.125')).toEqual([0.125]);
  });

  it('keeps both readings of "1.500" and "1,500", and none of a grouping that is not in threes', () => {
    expect(readNumber('1.500')).toEqual([1500, 1.5]);
    expect(readNumber('1,500')).toEqual([1500, 1.5]);
    expect(readNumber('1,23,45')).toEqual([]);
  });
});

describe('readValues', () => {
  it('reads money with its currency and rate, converted to a year', () => {
    expect(figures('Installation costs €12,000, while running costs are about €75 a month.')).toEqual([
      'money:EUR €12,000 = 12000 or 12',
      'money:EUR/year €75 a month = 900',
    ]);
    expect(figures('Die Wartung kostet 1.500 € pro Jahr, der Umbau 3 Mio. Euro.')).toEqual([
      'money:EUR/year 1.500 € pro Jahr = 1500 or 1.5',
      'money:EUR 3 Mio. Euro = 3000000',
    ]);
    expect(figures('Revenue reached $3.5bn.')).toEqual(['money:USD $3.5bn = 3500000000']);
  });

  it('reads decades and centuries as years by the ten and the hundred, and "the 1990s" as the years of a decade', () => {
    expect(figures('Seit 3 Jahrzehnten, over 2 centuries, depuis 2 décennies.')).toEqual([
      'duration 3 Jahrzehnten = 30',
      'duration over 2 centuries = 200..Infinity',
      'duration 2 décennies = 20',
    ]);
    expect(figures('Prices fell in the 1990s and rose in the 2010’s; it took 30 s.')).toEqual([
      'year 1990s = 1990..1999',
      'year 2010’s = 2010..2019',
      'duration 30 s = 0',
    ]);
  });

  it('converts units of one kind to one base and reads ranges and bounds as intervals', () => {
    expect(figures('It works down to 5 °F (−15 °C) and uses 4.2 MWh, 4,200 kWh or 350 kWh a month.')).toEqual([
      'temperature 5 °F = -15',
      'temperature −15 °C = -15',
      'energy 4.2 MWh = 4200',
      'energy 4,200 kWh = 4200 or 4.2',
      'energy/year 350 kWh a month = 4200',
    ]);
    expect(figures('Units last 15 to 20 years, some up to 25 years, a few more than 30 years.')).toEqual([
      'duration 15 to 20 years = 15..20',
      'duration up to 25 years = -Infinity..25',
      'duration more than 30 years = 30..Infinity',
    ]);
    expect(figures('La durée de vie est de 15 ans et le prix de 10 000 €.')).toEqual([
      'duration 15 ans = 15',
      'money:EUR 10 000 € = 10000',
    ]);
  });

  it('reads a duration joined to its number as an adjective, and the Polish, Finnish and Russian forms after a number', () => {
    expect(figures('In ihrer 12-jährigen Amtszeit; 27-letni Angus, 27-miesięczny; ein 3-tägiger Kurs.')).toEqual([
      'duration 12-jährigen = 12',
      'duration 27-letni = 27',
      'duration 27-miesięczny = 2.25',
      'duration 3-tägiger = 0.0082',
    ]);
    expect(figures('Po 3 tygodnie, 5 лет, 2 часа и kahden kuukauden.')).toEqual([
      'duration 3 tygodnie = 0.0575',
      'duration 5 лет = 5',
      'duration 2 часа = 0.0002',
    ]);
    // "года" and "vuoden" also follow a year ("в 2020 года", "2020 vuoden aikana"): not read as durations.
    expect(figures('в 2020 года, 2020 vuoden aikana')).toEqual(['year 2020 = 2020', 'year 2020 = 2020']);
  });

  it('reads years and dates as years, measures by their name, counts by what they count', () => {
    expect(figures('Founded on 12 March 1998, it had 300 employees between 2019 and 2021.')).toEqual([
      'year 12 March 1998 = 1998',
      'count:employee 300 = 300',
      'year between 2019 and 2021 = 2019..2021',
    ]);
    expect(figures('The seasonal COP of an air-source heat pump is only 2.1.')).toEqual(['measure:cop 2.1 = 2.1']);
    expect(figures('Die Jahresarbeitszahl liegt bei 3,5.')).toEqual(['measure:jahresarbeitszahl 3,5 = 3.5']);
  });

  it('skips numbers that name rather than measure', () => {
    expect(figures('COVID-19 reached the 2nd floor at 13:00 with Windows 11, version 1.2.3, page 1/2 [3].')).toEqual(
      [],
    );
    expect(figures('Added in version 2.0, see chapter 3 and item no. 3264 of 2,000 items.')).toEqual([
      'count:item 2,000 = 2000 or 2',
    ]);
  });
});
