/**
 * Facts laid out as label and value — a product's specification table (one label cell and one
 * value cell a row) or a definition list used so — read by their structure, so that the renderer
 * writes them as "Label: value" lines: what a person reads, and one line a fact for the answer
 * composer, where a GFM table's bars and a bold label over its value are syntax around the fact.
 *
 * Sites lay such tables out in a few ways, all read here: a title row with the label in its first
 * cell and the rest empty (or one spanning cell, a heading inside it), label and value text in one
 * paragraph inside wrappers, and a row with an empty label that goes on with the value above it
 * (a second line of the same fact).
 *
 * A data table is not one: a header row of column names (over an empty corner too), a row of
 * three cells, a label cell of paragraphs, a value cell that holds a list or a table keep the
 * table's own rendering.
 */
import { attr, childElements, textOf, type Element } from './dom.js';

export interface LabelValue {
  label: Element;
  /** One cell, or more when rows with an empty label go on with it. */
  values: Element[];
}

/** A row of a specification table: its pair, or one cell that heads a group of rows ("Dimensions"). */
export type SpecRow = LabelValue | { heading: Element };

/** A label is a few words: a name, not a sentence. */
const MAX_LABEL_CHARS = 60;
const HEADINGS = new Set(['h1', 'h2', 'h3', 'h4', 'h5', 'h6']);
/** What a value cell may not hold and still read as one line after its label. */
const BLOCK_VALUE = new Set(['ul', 'ol', 'table', 'pre', 'dl', 'blockquote', ...HEADINGS]);

/** The rows of a key-value table, or undefined when the table is anything else. */
export function specRows(rows: readonly Element[][]): SpecRow[] | undefined {
  const out: SpecRow[] = [];
  let pairs = 0;
  for (const cells of rows) {
    const [first, second] = cells;
    if (!first) continue;
    // A title row: one header or spanning cell, or a label with nothing beside it.
    const titleRow =
      cells.length === 1
        ? first.name === 'th' || Number(attr(first, 'colspan') ?? '1') >= 2
        : cells.slice(1).every(isEmpty);
    if (titleRow) {
      if (!readsAsHeading(first)) return undefined;
      out.push({ heading: first });
      continue;
    }
    if (cells.length !== 2 || !second) return undefined;
    // A header cell as the value is a row of column names; a spanning cell is a data table's.
    if (second.name === 'th' || attr(first, 'colspan') || attr(second, 'colspan')) return undefined;
    if (!readsAsValue(second)) return undefined;
    const above = out.at(-1);
    if (isEmpty(first)) {
      // Over an empty corner, a row of column names; under a pair, the next line of its value.
      if (!above || !('values' in above)) return undefined;
      above.values.push(second);
      continue;
    }
    if (!readsAsLabel(first)) return undefined;
    out.push({ label: first, values: [second] });
    pairs++;
  }
  return pairs >= 2 ? out : undefined;
}

/**
 * The pairs of a definition list whose every term has one short description, or undefined. A
 * <div> may wrap each group, as HTML allows.
 */
export function definitionPairs(dl: Element): LabelValue[] | undefined {
  const items = childElements(dl).flatMap((child) => (child.name === 'div' ? childElements(child) : [child]));
  const pairs: LabelValue[] = [];
  for (let i = 0; i < items.length; i += 2) {
    const label = items[i];
    const value = items[i + 1];
    if (label?.name !== 'dt' || value?.name !== 'dd') return undefined;
    if (!readsAsLabel(label) || !readsAsValue(value)) return undefined;
    pairs.push({ label, values: [value] });
  }
  return pairs.length > 0 ? pairs : undefined;
}

/** Short, with a letter, no sentence, nothing but text (in one paragraph at most). */
function readsAsLabel(cell: Element): boolean {
  return (
    readsAsName(cell) && !holds(cell, (el) => BLOCK_VALUE.has(el.name)) && count(cell, (el) => el.name === 'p') <= 1
  );
}

/** A group's title: a label, which may be marked up as a heading. */
function readsAsHeading(cell: Element): boolean {
  return (
    readsAsName(cell) &&
    !holds(cell, (el) => BLOCK_VALUE.has(el.name) && !HEADINGS.has(el.name)) &&
    count(cell, (el) => el.name === 'p' || HEADINGS.has(el.name)) <= 1
  );
}

function readsAsName(cell: Element): boolean {
  const text = textOf(cell);
  return text.length <= MAX_LABEL_CHARS && /\p{L}/u.test(text) && !/[.!?。！？]["'”’»)\]]*$/u.test(text);
}

/** No text (a non-breaking space is none) and no image. */
function isEmpty(cell: Element): boolean {
  return (
    textOf(cell)
      .replace(/\u00a0/g, ' ')
      .trim() === '' && !holds(cell, (el) => el.name === 'img')
  );
}

function readsAsValue(cell: Element): boolean {
  return textOf(cell) !== '' && !holds(cell, (el) => BLOCK_VALUE.has(el.name));
}

function holds(el: Element, test: (el: Element) => boolean): boolean {
  return childElements(el).some((child) => test(child) || holds(child, test));
}

function count(el: Element, test: (el: Element) => boolean): number {
  return childElements(el).reduce((sum, child) => sum + (test(child) ? 1 : 0) + count(child, test), 0);
}
