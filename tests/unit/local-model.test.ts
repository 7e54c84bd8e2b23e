import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { resolveLlmConfig } from '../../src/main/llm/llm-config';
import { localModelPath } from '../../src/main/models/local-model';
import { SettingsSchema, type Settings } from '../../src/shared/settings-contract';

const dataDir = '/data/lantern';
const withLlm = (llm: Record<string, unknown>): Settings => SettingsSchema.parse({ llm });

describe('localModelPath', () => {
  it('names the GGUF file of the local preset: a catalog id, a file in the models folder, or an absolute path', () => {
    expect(localModelPath({ settings: withLlm({ preset: 'local', model: 'qwen3-4b' }), env: {}, dataDir })).toBe(
      join(dataDir, 'models', 'Qwen3-4B-Q4_K_M.gguf'),
    );
    expect(localModelPath({ settings: withLlm({ preset: 'local', model: 'mine.gguf' }), env: {}, dataDir })).toBe(
      join(dataDir, 'models', 'mine.gguf'),
    );
    expect(
      localModelPath({ settings: withLlm({ preset: 'local', model: '/models/own.gguf' }), env: {}, dataDir }),
    ).toBe('/models/own.gguf');
    expect(
      localModelPath({ settings: withLlm({ preset: 'local' }), env: { LANTERN_LLM_MODEL: 'qwen3-4b' }, dataDir }),
    ).toBe(join(dataDir, 'models', 'Qwen3-4B-Q4_K_M.gguf'));
  });

  it('is none for another preset, without a model, or when the environment names an endpoint', () => {
    expect(
      localModelPath({ settings: withLlm({ preset: 'ollama', model: 'qwen3:4b' }), env: {}, dataDir }),
    ).toBeUndefined();
    expect(localModelPath({ settings: withLlm({ preset: 'local' }), env: {}, dataDir })).toBeUndefined();
    expect(
      localModelPath({
        settings: withLlm({ preset: 'local', model: 'qwen3-4b' }),
        env: { LANTERN_LLM_BASE_URL: 'http://127.0.0.1:11434/v1' },
        dataDir,
      }),
    ).toBeUndefined();
  });
});

describe('resolveLlmConfig with the local preset', () => {
  it('gives no HTTP endpoint (the built-in runtime answers), unless the environment names one', () => {
    expect(
      resolveLlmConfig({ settings: withLlm({ preset: 'local', model: 'qwen3-4b' }), env: {}, dataDir }),
    ).toBeUndefined();
    expect(
      resolveLlmConfig({
        settings: withLlm({ preset: 'local', model: 'm' }),
        env: { LANTERN_LLM_BASE_URL: 'http://127.0.0.1:1/v1' },
        dataDir,
      })?.baseUrl,
    ).toBe('http://127.0.0.1:1/v1');
  });
});
