import type { AnswerSource } from '../../../shared/answer-contract';
import type { Disagreement } from '../../../shared/research-contract';
import { sourcesLine } from '../lib/citation-check';
import { composerCredit } from '../lib/composer-credit';
import { useCopy } from '../lib/clipboard';
import { downloadMarkdown } from '../lib/download';
import { formatDuration } from '../lib/duration';
import type { ReportView } from '../lib/report-view';
import { chipSourceOf } from '../lib/source-links';
import { useReader } from '../stores/reader-store';
import { CitationChip } from './CitationChip';
import { CitedText, citedIn } from './CitedText';
import { InlineMarkdown } from './Lazy';
import { Sources } from './Sources';
import './research.css';
import { plural } from '../../../shared/format/plural';

/** Why the report covers less than the plan, in the person's words (nothing when every search was done). */
function stoppedNote(stopped: ReportView['stopped'], read: number): string | undefined {
  // Every page read is one of the report's sources.
  const pages = plural(read, 'page');
  switch (stopped) {
    case 'cancelled':
      return `Stopped as you asked: this report is written from the ${pages} read before that.`;
    case 'pages':
      return `The page budget was reached: this report is written from the ${pages} read.`;
    case 'time':
      return `The time budget ran out: this report is written from the ${pages} read in time.`;
    default:
      return undefined;
  }
}

/**
 * A report, live or from the history (one view: lib/report-view.ts): sections in plan order as
 * they arrive, each sentence's citations as chips; once done, the summary on top, where the
 * sources disagree (each side with its value, its quote and its source), what they do not
 * answer, the footer and the sources.
 */
export function ResearchReportView({ view }: { view: ReportView }): React.JSX.Element | null {
  const { summary, sections, notAnswered, sources, footer } = view;
  if (!footer && sections.length === 0 && notAnswered.length === 0 && sources.length === 0) return null;
  const cited = citedIn([summary?.text ?? '', ...sections.map((section) => section.text)].join('\n'));
  for (const disagreement of view.disagreements ?? []) for (const claim of disagreement.claims) cited.add(claim.n);
  const note = stoppedNote(view.stopped, sources.length);
  const line = sourcesLine(
    sources.filter((source) => cited.has(source.n)).length,
    sources.length,
    [summary, ...sections].flatMap((part) => part?.sentences ?? []),
  );
  return (
    <article className="answer research-report" aria-label="Research report">
      {note && (
        <p className="note" role="status">
          {note}
        </p>
      )}
      {summary && (
        <section className="report-summary answer-text" aria-label="Summary">
          <h2 className="report-heading">Summary</h2>
          <CitedText text={summary.text} sentences={summary.sentences} sources={sources} />
        </section>
      )}
      {sections.map((section) => (
        <section key={section.title} className="report-section answer-text" aria-label={section.title}>
          <h2 className="report-heading">{section.title}</h2>
          <CitedText text={section.text} sentences={section.sentences} sources={sources} />
        </section>
      ))}
      {view.disagreements && <Disagreements disagreements={view.disagreements} sources={sources} />}
      {notAnswered.length > 0 && (
        <section className="not-answered" aria-label="Not answered by the sources">
          <h2 className="report-heading">Not answered by the sources</h2>
          <ul>
            {notAnswered.map((question) => (
              <li key={question}>{question}</li>
            ))}
          </ul>
        </section>
      )}
      {footer && (
        <>
          <p className="answer-meta">
            {composerCredit(footer.composer)}
            {line.cited}
            {line.notFound && <span className="warn"> · {line.notFound}</span>} · {formatDuration(footer.totalMs)}
          </p>
          {view.markdown !== undefined && <ReportActions title={view.title} markdown={view.markdown} />}
        </>
      )}
      {sources.length > 0 && <Sources sources={sources} pages={view.pages} cited={cited} />}
    </article>
  );
}

/** Each disagreement's topic, then every side: the value it gives, its chip and its verbatim quote. */
function Disagreements({
  disagreements,
  sources,
}: {
  disagreements: Disagreement[];
  sources: AnswerSource[];
}): React.JSX.Element {
  const openReader = useReader((state) => state.open);
  const sourceOf = (n: number) => chipSourceOf(sources, n);
  return (
    <section className="disagreements" aria-label="Where the sources disagree">
      <h2 className="report-heading">Where the sources disagree</h2>
      {disagreements.length === 0 ? (
        <p className="muted">The sources read give no conflicting figures, dates or claims.</p>
      ) : (
        <ul className="disagreement-list">
          {disagreements.map((disagreement) => (
            <li key={disagreement.topic} className="disagreement">
              <h3 className="disagreement-topic">{disagreement.topic}</h3>
              <ul className="disagreement-sides" aria-label={`What each source says: ${disagreement.topic}`}>
                {disagreement.claims.map((claim) => {
                  const source = sourceOf(claim.n);
                  return (
                    <li key={`${claim.n}-${claim.quote}`} className="side">
                      <p className="side-head">
                        <strong className="side-value">{claim.value}</strong>
                        <CitationChip
                          n={claim.n}
                          // Each side's quote is a verbatim span of its page (what "found" means here); a
                          // report reopened from the history keeps the side's value, not its quote.
                          citation={
                            claim.quote ? { n: claim.n, supported: true, quote: claim.quote, range: [0, 0] } : undefined
                          }
                          source={source}
                          checked
                          onOpen={() =>
                            source &&
                            void openReader({ url: source.url, title: source.title, n: claim.n, quote: claim.quote })
                          }
                          QuoteText={InlineMarkdown}
                        />
                        {source && <span className="side-source">{source.domain}</span>}
                      </p>
                      {claim.quote && (
                        <q className="side-quote">
                          <InlineMarkdown text={claim.quote} />
                        </q>
                      )}
                    </li>
                  );
                })}
              </ul>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** Copy the report as Markdown, or save it as a .md file (sources as footnotes). */
export function ReportActions({ title, markdown }: { title: string; markdown: string }): React.JSX.Element {
  const { copy, said } = useCopy();
  return (
    <div className="turn-actions">
      <button type="button" className="button small" onClick={() => copy(markdown)}>
        Copy report
      </button>
      <button type="button" className="button small" onClick={() => downloadMarkdown(title, markdown)}>
        Export Markdown
      </button>
      <span role="status" className="muted">
        {said}
      </span>
    </div>
  );
}
