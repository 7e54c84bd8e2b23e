import type { ResearchEvent } from '../research-contract';
import { oneLine } from './one-line';
import { plural } from './plural';

/**
 * A research run's steps as short progress lines — the plan, each search, each page read, each
 * section, a pause for a CAPTCHA — one per step worth telling; undefined for the others. The CLI
 * prints them on stderr, the MCP server sends them as progress notifications.
 */
export function researchProgress(): (event: ResearchEvent) => string | undefined {
  let plan: readonly string[] = [];
  let read = 0;
  return (event) => {
    switch (event.type) {
      case 'plan':
        plan = event.plan.subQuestions;
        return `plan (${event.plan.plannedBy}): ${plan.map((q, i) => `${i + 1}. ${oneLine(q)}`).join(' ')}`;
      case 'search':
        if (event.state === 'started') return `searching ${event.index + 1}/${plan.length}: ${oneLine(event.query)}`;
        if (event.state === 'failed')
          return `search ${event.index + 1} failed: ${event.error?.code ?? 'FAILED'}${event.error ? ` ${oneLine(event.error.message)}` : ''}`;
        return undefined;
      case 'page':
        // An agent is told what was read, not each read as it starts.
        if (event.state === 'reading') return undefined;
        if (event.state === 'read')
          return `read [${event.n}] ${oneLine(event.title ?? event.url)} (${plural(++read, 'page')})`;
        if (event.state === 'duplicate') return `skipped ${oneLine(event.url)}: the same as a page already read`;
        if (event.state === 'off-topic') return `skipped ${oneLine(event.url)}: not about the question`;
        return `could not read ${oneLine(event.url)}: ${event.error?.code ?? 'FAILED'}`;
      case 'paused':
        return `paused: ${event.engine} wants a person to solve a CAPTCHA`;
      case 'resumed':
        return `resumed: ${event.engine} answers again`;
      case 'section':
        return `section ${event.index + 1}/${plan.length}${event.section.answered ? '' : ' (not answered by the sources)'}: ${oneLine(event.section.title)}`;
      case 'step':
        return event.step === 'write' ? 'writing…' : event.step === 'check' ? 'checking…' : undefined;
      case 'done':
        return `done in ${Math.round(event.timings.totalMs)} ms`;
      case 'sources':
      case 'error':
        return undefined;
    }
  };
}
