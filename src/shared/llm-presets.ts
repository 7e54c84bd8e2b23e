/**
 * The model presets, without zod: the settings screen lists them and must not carry the schema
 * library for a list (settings-contract.ts builds its schemas from these).
 */
export const LLM_PRESETS = ['openai', 'gemini', 'ollama', 'lmstudio', 'llamacpp', 'local', 'custom'] as const;

/**
 * The preset of the built-in runtime: no endpoint, the model runs inside Lantern
 * (src/main/models/), and `llm.model` names a downloaded catalog model (its id) or a GGUF file.
 */
export const LOCAL_PRESET = 'local';

/** OpenAI-compatible chat-completions endpoints Lantern knows the base URL of. */
export const LLM_PRESET_BASE_URLS = {
  openai: 'https://api.openai.com/v1',
  gemini: 'https://generativelanguage.googleapis.com/v1beta/openai',
  ollama: 'http://127.0.0.1:11434/v1',
  lmstudio: 'http://127.0.0.1:1234/v1',
  llamacpp: 'http://127.0.0.1:8080/v1',
} as const;
