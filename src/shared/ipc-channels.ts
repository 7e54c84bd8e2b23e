/**
 * The IPC channel names alone (no schemas), so the preload bundle stays small: `domain:action`,
 * one per ResearchApi operation, plus cancelling a call, the local API's token and the desktop app's secrets.
 */
export const IPC_CHANNELS = [
  'search:run',
  'search:many',
  'fetch:run',
  'answer:run',
  'research:plan',
  'research:run',
  'call:cancel',
  'history:list',
  'history:get',
  'history:search',
  'history:delete',
  'history:export',
  'settings:get',
  'settings:update',
  'settings:reset',
  'captcha:pending',
  'captcha:wait',
  'captcha:solve',
  'search:reset-session',
  'token:get',
  'token:rotate',
  'secrets:status',
  'secrets:set-llm-key',
] as const;

export type IpcChannel = (typeof IPC_CHANNELS)[number];

/** Main → renderer pushes. */
export const IPC_PUSHES = {
  /** One AnswerEvent of a running `answer:run` call: `{ callId, event }`. */
  answerEvent: 'answer:event',
  /** One ResearchEvent of a running `research:run` call: `{ callId, event }`. */
  researchEvent: 'research:event',
} as const;
