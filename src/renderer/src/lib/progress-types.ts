/** How a run's progress is shown, an answer's (run-view.ts) and a deep research's (research-view.ts) alike. */

/** 'stopped': the person pressed Stop while it was under way (nothing failed). */
export type StageState = 'waiting' | 'active' | 'done' | 'failed' | 'stopped';

export interface PageState {
  n: number;
  url: string;
  state: 'reading' | 'read' | 'failed';
  message?: string;
}
