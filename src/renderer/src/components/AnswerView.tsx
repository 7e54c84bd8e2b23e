import { answerTextOf, pagesOf, sentencesOf, sourcesOf } from '../lib/run-view';
import { formatDuration } from '../lib/duration';
import { useRun, type Run } from '../stores/run-store';
import { CitedText, citedIn } from './CitedText';
import { ModelFailedNote } from './ModelFailedNote';
import { Sources } from './Sources';
import { SourcesAtAGlance } from './SourcesAtAGlance';

/** `children`: what can be done with the answer, shown right below it. */
export function AnswerView({ run, children }: { run: Run; children?: React.ReactNode }): React.JSX.Element {
  const ask = useRun((state) => state.ask);
  const sources = sourcesOf(run);
  const sentences = sentencesOf(run);
  const text = answerTextOf(run);
  const cited = citedIn(text);
  const response = run.response;
  const unsupported = sentences?.flatMap((s) => s.citations).filter((c) => !c.supported).length ?? 0;
  return (
    <article className="answer" aria-label="Answer">
      {sources.length > 0 && <SourcesAtAGlance sources={sources} cited={cited} />}
      {text && (
        <section className="answer-text" aria-label="Answer text">
          <CitedText text={text} sentences={sentences} sources={sources} />
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

