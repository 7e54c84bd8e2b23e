/**
 * Routes only the person in the web UI may call (a session cookie from web-ui.ts, never the bearer
 * token): the settings, the API token, and the CAPTCHA window. They are kept out of the OpenAPI
 * document, which describes what agents can do. Why agents may not: docs/security.md, "Web UI".
 */
import * as z from 'zod';
import { CaptchaSolveRequestSchema, CaptchaSolveResponseSchema } from '../../shared/captcha-contract';
import { SettingsPatchSchema, SettingsSchema, type SettingsPatch } from '../../shared/settings-contract';
import { LanternError } from '../../shared/errors';
import { CallParametersSchema } from './api-schemas';
import type { Route, RouteContext } from './routes';

const TokenResponseSchema = z.object({ token: z.string() });
const LlmKeyRequestSchema = z.object({ key: z.string().trim().min(1, 'the key is empty; send null to remove it').max(4096).nullable() }).strict();
const LlmKeyResponseSchema = z.object({ hasKey: z.boolean(), problem: z.string().optional() });

function powers(context: RouteContext): NonNullable<RouteContext['ui']> {
  if (!context.ui) throw new LanternError('FORBIDDEN', 'Only the web UI of this server may do this.');
  return context.ui;
}

export const UI_ROUTES: Route[] = [
  {
    method: 'GET',
    path: '/v1/settings',
    summary: 'The settings (web UI only).',
    query: CallParametersSchema,
    response: SettingsSchema,
    handle: (context) => context.api.settings.get(),
  },
  {
    method: 'POST',
    path: '/v1/settings',
    summary: 'Changes some settings; what the body leaves out stays (web UI only).',
    body: SettingsPatchSchema,
    query: CallParametersSchema,
    response: SettingsSchema,
    handle: (context) => context.api.settings.update(context.body as SettingsPatch),
  },
  {
    method: 'POST',
    path: '/v1/settings/reset',
    summary: 'Back to the default settings (web UI only).',
    query: CallParametersSchema,
    response: SettingsSchema,
    handle: (context) => context.api.settings.reset(),
  },
  {
    method: 'GET',
    path: '/v1/token',
    summary: "The agents' bearer token, to copy (web UI only).",
    query: CallParametersSchema,
    response: TokenResponseSchema,
    handle: (context) => Promise.resolve({ token: powers(context).token() }),
  },
  {
    method: 'POST',
    path: '/v1/token/rotate',
    summary: 'Replaces the bearer token; the old one stops working at once (web UI only).',
    query: CallParametersSchema,
    response: TokenResponseSchema,
    handle: (context) => Promise.resolve({ token: powers(context).rotateToken() }),
  },
  {
    method: 'GET',
    path: '/v1/llm-key',
    summary: 'Whether a model API key is stored; never the key (web UI only).',
    query: CallParametersSchema,
    response: LlmKeyResponseSchema,
    handle: (context) => Promise.resolve(powers(context).llmKeyState()),
  },
  {
    method: 'POST',
    path: '/v1/llm-key',
    summary: "Stores the model's API key in the 0600 file llm-key, or removes it with null (web UI only).",
    body: LlmKeyRequestSchema,
    query: CallParametersSchema,
    response: LlmKeyResponseSchema,
    handle: (context) => Promise.resolve(powers(context).setLlmKey((context.body as z.output<typeof LlmKeyRequestSchema>).key)),
  },
  {
    method: 'POST',
    path: '/v1/search-session/reset',
    summary: "Forgets the search browser's cookies and storage (web UI only).",
    query: CallParametersSchema,
    response: z.object({ reset: z.literal(true) }),
    async handle(context) {
      if (!context.api.resetSearchSession) throw new LanternError('NOT_FOUND', 'This Lantern cannot reset its search session.');
      await context.api.resetSearchSession();
      return { reset: true as const };
    },
  },
  {
    method: 'POST',
    path: '/v1/captcha/solve',
    summary: "Shows an engine's CAPTCHA to the person in a visible window; resolves when solved (web UI only).",
    body: CaptchaSolveRequestSchema,
    query: CallParametersSchema,
    response: CaptchaSolveResponseSchema,
    handle: (context) => context.api.captcha.solve(context.body as z.input<typeof CaptchaSolveRequestSchema>, { signal: context.signal }),
  },
];
