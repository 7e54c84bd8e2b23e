/**
 * Routes only the person in the web UI may call (a session cookie from web-ui.ts, never the bearer
 * token): the table's `ui` routes — the settings, the API token, and the CAPTCHA window. They are
 * kept out of the OpenAPI document, which describes what agents can do. Why agents may not:
 * docs/security.md, "Web UI".
 */
import type * as z from 'zod';
import type { CaptchaSolveRequestSchema } from '../../shared/captcha-contract';
import type { SettingsPatch } from '../../shared/settings-contract';
import { LanternError } from '../../shared/errors';
import type { LlmKeyRequestSchema } from '../../shared/http-contract';
import { withHandlers, type Route, type RouteContext } from './routes';

function powers(context: RouteContext): NonNullable<RouteContext['ui']> {
  if (!context.ui) throw new LanternError('FORBIDDEN', 'Only the web UI of this server may do this.');
  return context.ui;
}

export const UI_ROUTES: Route[] = withHandlers('ui', {
  'settings.get': { handle: (context) => context.api.settings.get() },
  'settings.update': { handle: (context) => context.api.settings.update(context.body as SettingsPatch) },
  'settings.reset': { handle: (context) => context.api.settings.reset() },
  'access.token': { handle: (context) => Promise.resolve({ token: powers(context).token() }) },
  'access.rotateToken': { handle: (context) => Promise.resolve({ token: powers(context).rotateToken() }) },
  'access.llmKeyState': { handle: (context) => Promise.resolve(powers(context).llmKeyState()) },
  'access.setLlmKey': {
    handle: (context) => Promise.resolve(powers(context).setLlmKey((context.body as z.output<typeof LlmKeyRequestSchema>).key)),
  },
  resetSearchSession: {
    async handle(context) {
      if (!context.api.resetSearchSession) throw new LanternError('NOT_FOUND', 'This Lantern cannot reset its search session.');
      await context.api.resetSearchSession();
      return { reset: true as const };
    },
  },
  'captcha.solve': {
    handle: (context) => context.api.captcha.solve(context.body as z.input<typeof CaptchaSolveRequestSchema>, { signal: context.signal }),
  },
});
