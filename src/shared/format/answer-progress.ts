import type { AnswerEvent } from '../answer-contract';
import { oneLine } from './one-line';
import { plural } from './plural';

/**
 * An answer's steps as short progress lines — found N sources → reading k/N → writing → checking
 * → done — one per step, not one per piece of streamed text; undefined for an event not worth
 * one. The CLI prints them on stderr, the MCP server sends them as progress notifications.
 */
export function answerProgress(): (event: AnswerEvent) => string | undefined {
  let pagesDone = 0;
  let writing = false;
  return (event) => {
    switch (event.type) {
      case 'sources':
        return `found ${plural(event.sources.length, 'source')}`;
      case 'page': {
        pagesDone++;
        const failed =
          event.state === 'failed'
            ? ` (failed: ${event.code ?? 'FAILED'}${event.message ? ` ${oneLine(event.message)}` : ''})`
            : '';
        return `reading ${pagesDone}/${event.of} [${event.n}] ${oneLine(event.url)}${failed}`;
      }
      case 'text':
        if (writing) return undefined;
        writing = true;
        return 'writing…';
      case 'citations':
        if (event.readBy === 'model')
          return `read by the model: ${Math.round(event.supportedShare * 100)}% of quotes verified`;
        return event.sentences.some((sentence) => sentence.citations.length > 0)
          ? `checking… ${Math.round(event.supportedShare * 100)}% of quotes verified`
          : 'checking… no citations to check';
      case 'done':
        return `done in ${Math.round(event.timings.totalMs)} ms`;
      case 'error':
        return undefined;
    }
  };
}
