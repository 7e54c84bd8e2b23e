/**
 * Engines waiting for a person (a CAPTCHA or consent wall), and solving one: "Solve now" opens the
 * blocked page in a visible window of the search session; once solved, the question is asked again.
 */
import { create } from 'zustand';
import type { PendingBlock } from '../../../shared/captcha-contract';
import type { EngineId, ErrorInfo } from '../../../shared/contract';
import { toErrorInfo } from '../../../shared/errors';
import { client } from '../client';
import { useRun } from './run-store';

interface CaptchaStore {
  blocks: PendingBlock[];
  canShowWindow: boolean;
  solving?: EngineId | undefined;
  error?: ErrorInfo | undefined;
  refresh(): Promise<void>;
  solve(engine: EngineId): Promise<void>;
  /**
   * Where no window can be shown: a new search session (fresh cookies) ends the engines' pauses
   * (the engine may well ask again; the person decides when to try).
   */
  resetSession(): Promise<void>;
}

export const useCaptcha = create<CaptchaStore>((set, get) => ({
  blocks: [],
  canShowWindow: false,
  async refresh() {
    try {
      const pending = await client.captcha.pending();
      set({ blocks: pending.blocks, canShowWindow: pending.canShowWindow });
    } catch {
      // The banner is a convenience: the run's own error already says what happened.
    }
  },
  async solve(engine) {
    set({ solving: engine, error: undefined });
    try {
      await client.captcha.solve({ engine });
      set({ solving: undefined });
      await get().refresh();
      // The question that was blocked goes on where it stopped: asked again, unless it is still
      // running (a deep research waits for the person, and goes on by itself once solved).
      if (useRun.getState().run?.status !== 'running') void useRun.getState().retry();
    } catch (error) {
      set({ solving: undefined, error: toErrorInfo(error) });
      await get().refresh();
    }
  },
  async resetSession() {
    set({ error: undefined });
    try {
      await client.resetSearchSession?.();
      await get().refresh();
    } catch (error) {
      set({ error: toErrorInfo(error) });
    }
  },
}));
