/**
 * Environment variables that point the desktop app at another UI or at other engine servers:
 * for development and tests only. ELECTRON_RENDERER_URL loads its origin into the main window with
 * the preload, and the IPC check then takes that origin for Lantern's own UI (token, settings, LLM
 * key); LANTERN_ENGINE_URL_<ENGINE> sends searches, and the search window's allowed hosts, to
 * another server. A packaged app (app.isPackaged) runs without them, whatever the environment says.
 */
export function isDevelopmentOverride(name: string): boolean {
  const upper = name.toUpperCase();
  return upper === 'ELECTRON_RENDERER_URL' || upper.startsWith('LANTERN_ENGINE_URL_');
}

/** The environment the app reads: as given in development, without the development overrides when packaged. */
export function appEnvironment(env: NodeJS.ProcessEnv, isPackaged: boolean): NodeJS.ProcessEnv {
  if (!isPackaged) return env;
  return Object.fromEntries(Object.entries(env).filter(([name]) => !isDevelopmentOverride(name)));
}
