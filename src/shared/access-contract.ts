/** AccessApi's schemas (src/shared/api.ts): the API token a person's UI shows, and the model's key. */
import * as z from 'zod';

export const TokenResponseSchema = z.object({ token: z.string() });
export const LlmKeyRequestSchema = z
  .object({ key: z.string().trim().min(1, 'the key is empty; send null to remove it').max(4096).nullable() })
  .strict();
export const LlmKeyResponseSchema = z.object({ hasKey: z.boolean(), problem: z.string().optional() });
