/**
 * Environment variables that point the desktop app at another UI or at other engine servers:
 * for development and tests only. ELECTRON_RENDERER_URL loads its origin into the main window with
 * the preload, and the IPC check then takes that origin for Lantern's own UI (token, settings, LLM
 * key); LANTERN_ENGINE_URL_<ENGINE> sends searches, and the search window's allowed hosts, to
 * another server; LANTERN_MODEL_CATALOG offers another catalog (its download URLs and checksums
 * included) and LANTERN_MODEL_SERVERS probes other ports (src/main/models/models-env.ts). A
 * packaged app (app.isPackaged) runs without them, whatever the environment says.
 */
const OVERRIDES = new Set(['ELECTRON_RENDERER_URL', 'LANTERN_MODEL_CATALOG', 'LANTERN_MODEL_SERVERS']);

export function isDevelopmentOverride(name: string): boolean {
  const upper = name.toUpperCase();
  return OVERRIDES.has(upper) || upper.startsWith('LANTERN_ENGINE_URL_');
}

/** The environment the app reads: as given in development, without the development overrides when packaged. */
export function appEnvironment(env: NodeJS.ProcessEnv, isPackaged: boolean): NodeJS.ProcessEnv {
  if (!isPackaged) return env;
  return Object.fromEntries(Object.entries(env).filter(([name]) => !isDevelopmentOverride(name)));
}
