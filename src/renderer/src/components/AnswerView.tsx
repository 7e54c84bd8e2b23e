import type { Citation } from '../../../shared/answer-contract';
import { answerTextOf, citationLookup, domainOf, pagesOf, sentencesOf, sourcesOf } from '../lib/run-view';
import { formatDuration } from '../lib/duration';
import { useReader } from '../stores/reader-store';
import { useRun, type Run } from '../stores/run-store';
import { AnswerMarkdown } from './Lazy';
import { ModelFailedNote } from './ModelFailedNote';
import { Sources } from './Sources';
import { SourcesAtAGlance } from './SourcesAtAGlance';

/** The source numbers the answer's text cites (its `[n]` markers), as it streams and once done. */
function citedIn(text: string): Set<number> {
  return new Set([...text.matchAll(/\[(\d{1,3})\]/g)].map((match) => Number(match[1])));
}

/** `children`: what can be done with the answer, shown right below it. */
export function AnswerView({ run, children }: { run: Run; children?: React.ReactNode }): React.JSX.Element {
  const openReader = useReader((state) => state.open);
  const ask = useRun((state) => state.ask);
  const sources = sourcesOf(run);
  const sentences = sentencesOf(run);
  const text = answerTextOf(run);
  const lookup = citationLookup(sentences);
  const cited = citedIn(text);
  const sourceOf = (n: number) => {
    const source = sources.find((s) => s.n === n);
    return source && { title: source.title, url: source.url, domain: source.source || domainOf(source.url) };
  };
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
  const response = run.response;
  const unsupported = sentences?.flatMap((s) => s.citations).filter((c) => !c.supported).length ?? 0;
  return (
    <article className="answer" aria-label="Answer">
      {sources.length > 0 && <SourcesAtAGlance sources={sources} cited={cited} />}
      {text && (
        <section className="answer-text" aria-label="Answer text">
          <AnswerMarkdown text={text} citation={lookup} sourceOf={sourceOf} checked={sentences !== undefined} onOpen={openCitation} />
        </section>
      )}
      {response && (
        <p className="answer-meta">
          {response.composer === 'llm' ? 'Written by the model' : 'Quoted from the sources'} ·{' '}
          {Math.round(response.supportedShare * 100)}% of quotes verified
          {unsupported > 0 && <span className="warn"> · {unsupported} not supported (marked ?)</span>} · {formatDuration(response.timings.totalMs)}
        </p>
      )}
      {children}
      {response?.llmError && <ModelFailedNote error={response.llmError} />}
      {sources.length > 0 && <Sources sources={sources} pages={pagesOf(run)} cited={cited} />}
      {response && response.followUps.length > 0 && (
        <section className="follow-ups" aria-label="Follow-up questions">
          <h2 className="section-title">Follow up</h2>
          <div className="chips">
            {response.followUps.slice(0, 8).map((question) => (
              <button
                key={question}
                type="button"
                className="follow-up"
                onClick={() => void ask(question, { mode: 'answer' })}
              >
                {question}
              </button>
            ))}
          </div>
        </section>
      )}
    </article>
  );
}

