/**
 * The model presets, without zod: the settings screen lists them and must not carry the schema
 * library for a list (settings-contract.ts builds its schemas from these).
 */
export const LLM_PRESETS = ['openai', 'gemini', 'ollama', 'lmstudio', 'llamacpp', 'custom'] as const;

/** OpenAI-compatible chat-completions endpoints Lantern knows the base URL of. */
export const LLM_PRESET_BASE_URLS = {
  openai: 'https://api.openai.com/v1',
  gemini: 'https://generativelanguage.googleapis.com/v1beta/openai',
  ollama: 'http://127.0.0.1:11434/v1',
  lmstudio: 'http://127.0.0.1:1234/v1',
  llamacpp: 'http://127.0.0.1:8080/v1',
} as const;
