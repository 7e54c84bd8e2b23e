import type { AnswerSentence, AnswerSource, Citation } from '../../../shared/answer-contract';
import { citationLookup } from '../lib/run-view';
import { chipSourceOf } from '../lib/source-links';
import { useReader } from '../stores/reader-store';
import { AnswerMarkdown } from './Lazy';

/** The source numbers a text cites (its `[n]` markers), as it streams and once done. */
export function citedIn(text: string): Set<number> {
  return new Set([...text.matchAll(/\[(\d{1,3})\]/g)].map((match) => Number(match[1])));
}

/**
 * Written text whose `[n]` markers are citation chips over `sources`: each chip shows its checked
 * quote (`sentences`, in the text's order) and opens its page in the reader at that quote.
 */
export function CitedText({
  text,
  sentences,
  sources,
}: {
  text: string;
  /** Undefined while the text is still being written and checked. */
  sentences: AnswerSentence[] | undefined;
  sources: AnswerSource[];
}): React.JSX.Element {
  const openReader = useReader((state) => state.open);
  const sourceOf = (n: number) => chipSourceOf(sources, n);
  const openCitation = (n: number, citation: Citation | undefined): void => {
    const source = sources.find((s) => s.n === n);
    if (!source) return;
    void openReader({
      url: source.url,
      title: source.title,
      n,
      ...(citation?.quote ? { quote: citation.quote, range: citation.range } : {}),
    });
  };
  return (
    <AnswerMarkdown
      text={text}
      citation={citationLookup(sentences)}
      sourceOf={sourceOf}
      checked={sentences !== undefined}
      onOpen={openCitation}
    />
  );
}
