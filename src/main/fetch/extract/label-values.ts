/**
 * Facts laid out as label and value — a product's specification table (one label cell and one
 * value cell a row) or a definition list used so — read by their structure, so that the renderer
 * writes them as "Label: value" lines: what a person reads, and one line a fact for the answer
 * composer, where a GFM table's bars and a bold label over its value are syntax around the fact.
 *
 * A data table is not one: a header row of column names, a row of three cells, a value cell that
 * holds a list or a table keep the table's own rendering.
 */
import { attr, childElements, textOf, type Element } from './dom.js';

export interface LabelValue {
  label: Element;
  value: Element;
}

/** A row of a specification table: its pair, or one cell that heads a group of rows ("Dimensions"). */
export type SpecRow = LabelValue | { heading: Element };

/** A label is a few words: a name, not a sentence. */
const MAX_LABEL_CHARS = 60;
/** What a value cell may not hold and still read as one line after its label. */
const BLOCK_VALUE = new Set(['ul', 'ol', 'table', 'pre', 'dl', 'blockquote', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6']);

/** The rows of a key-value table, or undefined when the table is anything else. */
export function specRows(rows: readonly Element[][]): SpecRow[] | undefined {
  const out: SpecRow[] = [];
  let pairs = 0;
  for (const cells of rows) {
    if (cells.length === 0) continue;
    const [first, second] = cells;
    if (cells.length === 1 && first && (first.name === 'th' || Number(attr(first, 'colspan') ?? '1') >= 2)) {
      if (!readsAsLabel(first)) return undefined;
      out.push({ heading: first });
      continue;
    }
    if (cells.length !== 2 || !first || !second) return undefined;
    // A header cell as the value is a row of column names; a spanning cell is a data table's.
    if (second.name === 'th' || attr(first, 'colspan') || attr(second, 'colspan')) return undefined;
    if (!readsAsLabel(first) || !readsAsValue(second)) return undefined;
    out.push({ label: first, value: second });
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
    pairs.push({ label, value });
  }
  return pairs.length > 0 ? pairs : undefined;
}

/** Short, with a letter, no sentence, nothing but text. */
function readsAsLabel(cell: Element): boolean {
  const text = textOf(cell);
  return (
    text.length <= MAX_LABEL_CHARS &&
    /\p{L}/u.test(text) &&
    !/[.!?。！？]["'”’»)\]]*$/u.test(text) &&
    !holds(cell, (el) => BLOCK_VALUE.has(el.name) || el.name === 'p')
  );
}

function readsAsValue(cell: Element): boolean {
  return textOf(cell) !== '' && !holds(cell, (el) => BLOCK_VALUE.has(el.name));
}

function holds(el: Element, test: (el: Element) => boolean): boolean {
  return childElements(el).some((child) => test(child) || holds(child, test));
}
