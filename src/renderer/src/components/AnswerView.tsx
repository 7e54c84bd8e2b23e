import type { AnswerTurnView } from '../lib/answer-view';
import { sourcesLine } from '../lib/citation-check';
import { composerCredit } from '../lib/composer-credit';
import { formatDuration } from '../lib/duration';
import { useRun } from '../stores/run-store';
import { useView } from '../stores/view-store';
import { CitedText, citedIn } from './CitedText';
import { ModelFailedNote } from './ModelFailedNote';
import { Sources } from './Sources';
import { SourcesAtAGlance } from './SourcesAtAGlance';
import { plural } from '../../../shared/format/plural';

/** The model section of Settings, at its own address (lib/screen-address.ts). */
export const MODEL_SETUP_HREF = '/settings#model';

/**
 * An answer, live or from the history (one view: lib/answer-view.ts). `children`: what can be
 * done with the answer, shown right below it.
 */
export function AnswerView({
  view,
  children,
}: {
  view: AnswerTurnView;
  children?: React.ReactNode;
}): React.JSX.Element {
  const ask = useRun((state) => state.ask);
  const { sources, sentences, text, footer } = view;
  const cited = citedIn(text);
  const line = sourcesLine(sources.filter((source) => cited.has(source.n)).length, sources.length, sentences);
  return (
    <article className="answer" aria-label="Answer">
      {sources.length > 0 && <SourcesAtAGlance sources={sources} cited={cited} />}
      {text && (
        <section className="answer-text" aria-label="Answer text">
          <CitedText text={text} sentences={sentences} sources={sources} />
        </section>
      )}
      {footer && (
        <p className="answer-meta">
          {composerCredit(footer.composer)}
          {footer.answered ? line.cited : `Not answered by the ${plural(sources.length, 'source')} read`}
          {footer.answered && line.notFound && <span className="warn"> · {line.notFound}</span>} ·{' '}
          {formatDuration(footer.totalMs)}
        </p>
      )}
      {footer?.composer === 'extractive' && !view.llmError && <ModelOffer />}
      {children}
      {view.llmError && <ModelFailedNote error={view.llmError} />}
      {sources.length > 0 && <Sources sources={sources} pages={view.pages} cited={cited} />}
      {view.followUps.length > 0 && (
        <section className="follow-ups" aria-label="Follow-up questions">
          <h2 className="section-title">Follow up</h2>
          <div className="chips">
            {view.followUps.slice(0, 8).map((question) => (
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

/** An answer quoted from the pages: a model would write it in the person's words, one click from its setup. */
function ModelOffer(): React.JSX.Element {
  return (
    <p className="model-offer">
      Answers quote the pages. A model can write them in your words —{' '}
      <a
        href={MODEL_SETUP_HREF}
        onClick={(event) => {
          event.preventDefault();
          useView.getState().show('settings', 'model');
        }}
      >
        Set up a model
      </a>
    </p>
  );
}
