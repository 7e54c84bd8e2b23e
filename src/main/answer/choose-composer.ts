/**
 * The composer a request asks for: none for 'extractive', else the LLM in force; 'llm' with no
 * LLM configured is the caller's mistake (INVALID_INPUT), 'auto' then answers extractively.
 */
import type { LlmOverride } from '../../shared/api';
import type { ComposerChoice } from '../../shared/answer-contract';
import { LanternError } from '../../shared/errors';
import type { Composer } from './composer';

export function chooseComposer(
  choice: ComposerChoice,
  llmComposer: ((override?: LlmOverride) => Composer | undefined) | undefined,
  override: LlmOverride | undefined,
): Composer | undefined {
  if (choice === 'extractive') return undefined;
  const llm = llmComposer?.(override);
  if (choice === 'llm' && llm === undefined)
    throw new LanternError(
      'INVALID_INPUT',
      'composer "llm" needs an LLM: configure one in the settings, or use composer "extractive".',
    );
  return llm;
}
