/**
 * AccessApi (src/shared/api.ts) for every door: the local API's token and the model's key, both in
 * the data dir's secret store (secrets.ts, api-token.ts). Which doors offer it is the operations
 * table's `caller: 'ui'` (a person's UI, never an agent); this service only does it.
 */
import type { AccessApi, LlmKeyState } from '../../shared/api';
import { LlmKeyRequestSchema } from '../../shared/access-contract';
import { tokenFile, type TokenSource } from './api-token';
import { llmKeyState, storeLlmKey } from './secrets';
import { validationError } from '../common/validation';

export class AccessService implements AccessApi {
  private source: TokenSource | undefined;

  constructor(
    private readonly dataDir: string,
    /** How a key an earlier desktop version left encrypted is told (secrets.ts, llmKeyState). */
    private readonly runtime: 'desktop app' | 'elsewhere' = 'elsewhere',
  ) {}

  /** Read on first use, so a command that never shows the token does not create one. */
  private get tokens(): TokenSource {
    return (this.source ??= tokenFile(this.dataDir));
  }

  async token(): Promise<{ token: string }> {
    return { token: this.tokens.current() };
  }

  async rotateToken(): Promise<{ token: string }> {
    return { token: this.tokens.rotate() };
  }

  async setLlmKey(request: { key: string | null }): Promise<LlmKeyState> {
    const parsed = LlmKeyRequestSchema.safeParse(request);
    if (!parsed.success) throw validationError('access.setLlmKey', parsed.error);
    return storeLlmKey(this.dataDir, parsed.data.key, this.runtime);
  }

  async llmKeyState(): Promise<LlmKeyState> {
    return llmKeyState(this.dataDir, this.runtime);
  }
}
