import type { AnswerSource } from '../../../shared/answer-contract';
import type { Disagreement, ResearchReport } from '../../../shared/research-contract';
import { useCopy } from '../lib/clipboard';
import { downloadMarkdown } from '../lib/download';
import { formatDuration } from '../lib/duration';
import { notAnsweredOf, researchPagesOf, researchSourcesOf, sectionsOf } from '../lib/research-view';
import { domainOf } from '../lib/run-view';
import { useReader } from '../stores/reader-store';
import type { Run } from '../stores/run-store';
import { CitationChip } from './CitationChip';
import { CitedText, citedIn } from './CitedText';
import { InlineMarkdown } from './Lazy';
import { Sources } from './Sources';

/** Why the report covers less than the plan, in the person's words (nothing when every search was done). */
function stoppedNote(report: ResearchReport): string | undefined {
  // Every page read is one of the report's sources.
  const read = `${report.sources.length} page${report.sources.length === 1 ? '' : 's'}`;
  switch (report.stopped) {
    case 'cancelled':
      return `Stopped as you asked: this report is written from the ${read} read before that.`;
    case 'pages':
      return `The page budget was reached: this report is written from the ${read} read.`;
    case 'time':
      return `The time budget ran out: this report is written from the ${read} read in time.`;
    default:
      return undefined;
  }
}

/**
 * The report as it is written: sections in plan order as they arrive, each sentence's citations
 * as chips; once done, the summary on top, where the sources disagree (each side with its value,
 * its quote and its source), what they do not answer, and the sources.
 */
export function ResearchReportView({ run }: { run: Run }): React.JSX.Element | null {
  const report = run.report;
  const sources = researchSourcesOf(run);
  const sections = sectionsOf(run).filter((section) => section.answered);
  const notAnswered = notAnsweredOf(run);
  if (!report && sections.length === 0 && notAnswered.length === 0 && sources.length === 0) return null;
  const cited = citedIn([report?.summary.text ?? '', ...sections.map((section) => section.text)].join('\n'));
  for (const disagreement of report?.disagreements ?? []) for (const claim of disagreement.claims) cited.add(claim.n);
  const note = report && stoppedNote(report);
  return (
    <article className="answer research-report" aria-label="Research report">
      {note && (
        <p className="note" role="status">
          {note}
        </p>
      )}
      {report && report.summary.text.trim() !== '' && (
        <section className="report-summary answer-text" aria-label="Summary">
          <h2 className="report-heading">Summary</h2>
          <CitedText text={report.summary.text} sentences={report.summary.sentences} sources={sources} />
        </section>
      )}
      {sections.map((section) => (
        <section key={section.title} className="report-section answer-text" aria-label={section.title}>
          <h2 className="report-heading">{section.title}</h2>
          <CitedText text={section.text} sentences={section.sentences} sources={sources} />
        </section>
      ))}
      {report && <Disagreements disagreements={report.disagreements} sources={sources} />}
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
      {report && (
        <>
          <p className="answer-meta">
            {report.composer === 'llm' ? 'Written by the model' : 'Quoted from the sources'} · {Math.round(report.supportedShare * 100)}% of quotes verified ·{' '}
            {report.sources.length} sources · {formatDuration(report.timings.totalMs)}
          </p>
          <ReportActions title={report.question} markdown={report.markdown} />
        </>
      )}
      {sources.length > 0 && <Sources sources={sources} pages={researchPagesOf(run)} cited={cited} />}
    </article>
  );
}

/** Each disagreement's topic, then every side: the value it gives, its chip and its verbatim quote. */
function Disagreements({ disagreements, sources }: { disagreements: Disagreement[]; sources: AnswerSource[] }): React.JSX.Element {
  const openReader = useReader((state) => state.open);
  const sourceOf = (n: number) => {
    const source = sources.find((s) => s.n === n);
    return source && { title: source.title, url: source.url, domain: source.source || domainOf(source.url) };
  };
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
                          // Each side's quote is a verbatim span of its page (what "supported" means here).
                          citation={{ n: claim.n, supported: true, quote: claim.quote, range: [0, 0] }}
                          source={source}
                          checked
                          onOpen={() => source && void openReader({ url: source.url, title: source.title, n: claim.n, quote: claim.quote })}
                          QuoteText={InlineMarkdown}
                        />
                        {source && <span className="side-source">{source.domain}</span>}
                      </p>
                      <q className="side-quote">
                        <InlineMarkdown text={claim.quote} />
                      </q>
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
