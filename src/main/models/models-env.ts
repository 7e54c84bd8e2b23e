/**
 * Where a test (or a person with their own servers) points the models' parts: LANTERN_MODEL_CATALOG
 * names a JSON file shaped as catalog.json to offer instead of it; LANTERN_MODEL_SERVERS lists the
 * servers to probe instead of the default ports, as `kind=origin` pairs separated by commas
 * (`ollama=http://127.0.0.1:11500,lmstudio=http://127.0.0.1:1300`), loopback only.
 */
import { readFileSync } from 'node:fs';
import { LanternError } from '../../shared/errors';
import { LocalServerKindSchema } from '../../shared/models-contract';
import { CATALOG, parseCatalog, type CatalogEntry } from './catalog';
import { DEFAULT_PROBE_TARGETS, type LocalServerKind, type ProbeTarget } from './probe';

const KINDS: readonly LocalServerKind[] = LocalServerKindSchema.options;

export function catalogFromEnv(env: NodeJS.ProcessEnv): readonly CatalogEntry[] {
  const file = env.LANTERN_MODEL_CATALOG?.trim();
  if (!file) return CATALOG;
  try {
    return parseCatalog(JSON.parse(readFileSync(file, 'utf8')));
  } catch (error) {
    throw new LanternError(
      'INVALID_INPUT',
      `LANTERN_MODEL_CATALOG=${file} is not a catalog shaped as catalog.json: ${(error as Error).message}`,
    );
  }
}

export function probeTargetsFromEnv(env: NodeJS.ProcessEnv): readonly ProbeTarget[] {
  const value = env.LANTERN_MODEL_SERVERS?.trim();
  if (!value) return DEFAULT_PROBE_TARGETS;
  return value.split(',').map((pair) => {
    const [kind, origin] = pair
      .trim()
      .split('=', 2)
      .map((part) => part.trim());
    if (!KINDS.includes(kind as LocalServerKind) || !origin || !URL.canParse(origin)) {
      throw new LanternError(
        'INVALID_INPUT',
        `LANTERN_MODEL_SERVERS: "${pair}" is not kind=origin with kind one of ${KINDS.join(', ')}, e.g. ollama=http://127.0.0.1:11434`,
      );
    }
    return { kind: kind as LocalServerKind, origin: new URL(origin).origin };
  });
}
