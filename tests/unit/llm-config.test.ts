import { chmodSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { llmComposerFor } from '../../src/main/answer/llm-composer';
import { resolveLlmConfig } from '../../src/main/llm/llm-config';
import { secretPath } from '../../src/main/settings/secrets';
import { settingsPath } from '../../src/main/settings/settings';
import { SettingsService } from '../../src/main/settings/settings-service';
import {
  LLM_PRESET_BASE_URLS,
  SettingsPatchSchema,
  SettingsSchema,
  type Settings,
} from '../../src/shared/settings-contract';
import { errorOf } from '../support/error-of';

const dirs: string[] = [];
const dataDir = (): string => {
  const dir = mkdtempSync(join(tmpdir(), 'lantern-llm-'));
  dirs.push(dir);
  return dir;
};
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

const withLlm = (llm: Record<string, unknown>): Settings => SettingsSchema.parse({ llm });
const KEY = 'sk-test-0123456789abcdef';

/** The LanternError a synchronous call throws. */
function thrown(call: () => unknown): Promise<Awaited<ReturnType<typeof errorOf>>> {
  return errorOf(Promise.resolve().then(call));
}

describe('LLM settings', () => {
  it('default to no model (extractive answers), the openai preset and a 2-minute budget', () => {
    expect(SettingsSchema.parse({}).llm).toEqual({ preset: 'openai', timeoutMs: 120_000 });
  });

  it('refuse an unknown preset, a non-http base URL or one with a password, an empty model and unknown keys (the key)', () => {
    for (const llm of [
      { preset: 'anthropic' },
      { baseUrl: 'file:///etc/passwd' },
      { baseUrl: 'https://me:secret@llm.example/v1' },
      { model: '  ' },
      { apiKey: KEY },
    ]) {
      expect(SettingsPatchSchema.safeParse({ llm }).success, JSON.stringify(llm)).toBe(false);
    }
  });

  it('change one field at a time through settings.update; null removes the model or the URL', async () => {
    const dir = dataDir();
    const service = new SettingsService(dir);
    await service.update({ llm: { preset: 'ollama', model: 'llama3.2' } });
    const changed = await service.update({ llm: { timeoutMs: 30_000, baseUrl: 'http://127.0.0.1:9999/v1' } });
    expect(changed.llm).toEqual({
      preset: 'ollama',
      model: 'llama3.2',
      timeoutMs: 30_000,
      baseUrl: 'http://127.0.0.1:9999/v1',
    });
    const removed = await service.update({ llm: { model: null, baseUrl: null } });
    expect(removed.llm).toEqual({ preset: 'ollama', timeoutMs: 30_000 });
    expect(JSON.parse(readFileSync(settingsPath(dir), 'utf8')).llm).toEqual({ preset: 'ollama', timeoutMs: 30_000 });
  });
});

describe('resolveLlmConfig', () => {
  it('gives no model when none is named, whatever else is set', () => {
    expect(resolveLlmConfig({ settings: SettingsSchema.parse({}), env: {}, dataDir: dataDir() })).toBeUndefined();
    const env = { LANTERN_LLM_API_KEY: KEY, LANTERN_LLM_BASE_URL: 'http://127.0.0.1:1/v1', LANTERN_LLM_MODEL: ' ' };
    expect(resolveLlmConfig({ settings: withLlm({ preset: 'ollama' }), env, dataDir: dataDir() })).toBeUndefined();
  });

  it("fills the base URL from each preset, and the settings' own URL beats the preset", () => {
    const expected = {
      openai: 'https://api.openai.com/v1',
      gemini: 'https://generativelanguage.googleapis.com/v1beta/openai',
      ollama: 'http://127.0.0.1:11434/v1',
      lmstudio: 'http://127.0.0.1:1234/v1',
      llamacpp: 'http://127.0.0.1:8080/v1',
    };
    expect(LLM_PRESET_BASE_URLS).toEqual(expected);
    for (const [preset, baseUrl] of Object.entries(expected)) {
      const config = resolveLlmConfig({ settings: withLlm({ preset, model: 'm' }), env: {}, dataDir: dataDir() });
      expect(config).toEqual({ baseUrl, model: 'm', timeoutMs: 120_000 });
    }
    const own = resolveLlmConfig({
      settings: withLlm({ preset: 'ollama', baseUrl: 'http://127.0.0.1:5000/v1', model: 'm', timeoutMs: 5_000 }),
      env: {},
      dataDir: dataDir(),
    });
    expect(own).toEqual({ baseUrl: 'http://127.0.0.1:5000/v1', model: 'm', timeoutMs: 5_000 });
  });

  it('lets LANTERN_LLM_BASE_URL, LANTERN_LLM_MODEL and LANTERN_LLM_API_KEY override the settings', () => {
    const env = {
      LANTERN_LLM_BASE_URL: 'http://127.0.0.1:7000/v1',
      LANTERN_LLM_MODEL: 'qwen2.5:3b',
      LANTERN_LLM_API_KEY: ` ${KEY}\n`,
    };
    const settings = withLlm({ preset: 'openai', baseUrl: 'http://127.0.0.1:5000/v1', model: 'gpt-4o-mini' });
    expect(resolveLlmConfig({ settings, env, dataDir: dataDir() })).toEqual({
      baseUrl: 'http://127.0.0.1:7000/v1',
      model: 'qwen2.5:3b',
      apiKey: KEY,
      timeoutMs: 120_000,
    });
    // The env's model alone is enough: the preset gives the URL.
    expect(
      resolveLlmConfig({
        settings: SettingsSchema.parse({}),
        env: { LANTERN_LLM_MODEL: 'gpt-4o-mini' },
        dataDir: dataDir(),
      })?.baseUrl,
    ).toBe('https://api.openai.com/v1');
  });

  it('refuses a custom preset without a URL, and an env URL that is not http(s)', async () => {
    const custom = await thrown(() =>
      resolveLlmConfig({ settings: withLlm({ preset: 'custom', model: 'm' }), env: {}, dataDir: dataDir() }),
    );
    expect(custom.code).toBe('LLM_FAILED');
    expect(custom.message).toMatch(/llm\.baseUrl.*LANTERN_LLM_BASE_URL/);
    expect(
      resolveLlmConfig({
        settings: withLlm({ preset: 'custom', model: 'm' }),
        env: { LANTERN_LLM_BASE_URL: 'http://127.0.0.1:1/v1' },
        dataDir: dataDir(),
      })?.baseUrl,
    ).toBe('http://127.0.0.1:1/v1');
    const bad = await thrown(() =>
      resolveLlmConfig({
        settings: withLlm({ model: 'm' }),
        env: { LANTERN_LLM_BASE_URL: 'ftp://127.0.0.1/v1' },
        dataDir: dataDir(),
      }),
    );
    expect(bad.code).toBe('LLM_FAILED');
  });

  it.skipIf(process.platform === 'win32')(
    'reads the key from a 0600 llm-key file, refuses one others can read, and the env key wins',
    async () => {
      const dir = dataDir();
      const settings = withLlm({ preset: 'openai', model: 'gpt-4o-mini' });
      writeFileSync(secretPath(dir, 'llm-key'), `${KEY}\n`, { mode: 0o600 });
      chmodSync(secretPath(dir, 'llm-key'), 0o600);
      expect(resolveLlmConfig({ settings, env: {}, dataDir: dir })?.apiKey).toBe(KEY);
      expect(resolveLlmConfig({ settings, env: { LANTERN_LLM_API_KEY: 'sk-from-env' }, dataDir: dir })?.apiKey).toBe(
        'sk-from-env',
      );

      chmodSync(secretPath(dir, 'llm-key'), 0o644);
      const open = await thrown(() => resolveLlmConfig({ settings, env: {}, dataDir: dir }));
      expect(open.code).toBe('LLM_FAILED');
      expect(open.message).toContain('mode 0644');
      expect(open.message).toContain('chmod 600');
      expect(open.message).not.toContain(KEY);
      // The composition root's call: the reason reaches the answer as a failing composer.
      const composer = llmComposerFor({ settings, env: {}, dataDir: dir });
      expect(composer).toBeDefined();
      const failure = await errorOf(composer!({ question: 'q', passages: [], onText: () => undefined }));
      expect(failure.code).toBe('LLM_FAILED');
      expect(failure.message).toContain('chmod 600');
      // No model: no composer at all.
      expect(llmComposerFor({ settings: SettingsSchema.parse({}), env: {}, dataDir: dir })).toBeUndefined();
    },
  );
});
