import { ENGINE_IDS, type EngineId } from '../../shared/contract';
import { LanternError } from '../../shared/errors';

/**
 * LANTERN_ENGINE_URL_<ENGINE>=<origin> replaces an engine's default origin (tests, regional
 * domains, mirrors). Only http(s) origins are accepted; a bad value is an INVALID_INPUT error.
 */
export function engineOriginsFromEnv(env: NodeJS.ProcessEnv): Partial<Record<EngineId, string>> {
  const origins: Partial<Record<EngineId, string>> = {};
  for (const id of ENGINE_IDS) {
    const name = `LANTERN_ENGINE_URL_${id.toUpperCase()}`;
    const value = env[name]?.trim();
    if (!value) continue;
    let url: URL;
    try {
      url = new URL(value);
    } catch {
      throw new LanternError(
        'INVALID_INPUT',
        `${name}=${value} is not a URL; expected an origin such as https://www.google.de`,
      );
    }
    if (url.protocol !== 'http:' && url.protocol !== 'https:') {
      throw new LanternError('INVALID_INPUT', `${name} must be an http(s) origin, got ${url.protocol}`);
    }
    origins[id] = url.origin;
  }
  return origins;
}
