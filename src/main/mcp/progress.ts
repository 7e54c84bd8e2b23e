import type { AnswerEvent } from '../../shared/answer-contract';
import { oneLine } from '../../shared/format/untrusted';

/**
 * The answer's steps as short progress messages (searching → reading k/N → writing → checking →
 * done): one per step, not one per piece of streamed text. Undefined for an event not worth one.
 */
export function answerProgressMessages(): (event: AnswerEvent) => string | undefined {
  let pagesDone = 0;
  let writing = false;
  return (event) => {
    switch (event.type) {
      case 'sources':
        return `found ${event.sources.length} source${event.sources.length === 1 ? '' : 's'}`;
      case 'page':
        pagesDone += 1;
        return `read ${pagesDone}/${event.of}: ${oneLine(event.url)}${event.state === 'failed' ? ` (failed: ${event.code ?? 'FAILED'})` : ''}`;
      case 'text':
        if (writing) return undefined;
        writing = true;
        return 'writing the answer';
      case 'citations':
        return `checked the citations: ${Math.round(event.supportedShare * 100)}% supported`;
      case 'done':
        return `done in ${Math.round(event.timings.totalMs)} ms`;
      case 'error':
        return undefined;
    }
  };
}
