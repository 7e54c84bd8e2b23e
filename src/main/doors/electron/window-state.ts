import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import * as z from 'zod';

const WindowStateSchema = z.object({
  x: z.number().int().optional(),
  y: z.number().int().optional(),
  width: z.number().int().min(400).max(20_000),
  height: z.number().int().min(300).max(20_000),
  maximized: z.boolean().default(false),
});
export type WindowState = z.infer<typeof WindowStateSchema>;

export const DEFAULT_WINDOW_STATE: WindowState = { width: 1100, height: 780, maximized: false };

export function windowStatePath(dataDir: string): string {
  return join(dataDir, 'window-state.json');
}

/** The main window's last size and place; the default when there is none or it does not parse. */
export function loadWindowState(path: string): WindowState {
  try {
    return WindowStateSchema.parse(JSON.parse(readFileSync(path, 'utf8')));
  } catch {
    return DEFAULT_WINDOW_STATE;
  }
}

/** Written atomically: a crash mid-write leaves the old file. */
export function saveWindowState(path: string, state: WindowState): void {
  mkdirSync(dirname(path), { recursive: true });
  const temporary = `${path}.${process.pid}.tmp`;
  writeFileSync(temporary, `${JSON.stringify(WindowStateSchema.parse(state))}\n`);
  renameSync(temporary, path);
}
