/** The main window's remembered size and place: a round trip, and the default for anything unreadable. */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  DEFAULT_WINDOW_STATE,
  loadWindowState,
  saveWindowState,
  windowStatePath,
} from '../../src/main/doors/electron/window-state';

const path = (): string => windowStatePath(mkdtempSync(join(tmpdir(), 'lantern-window-state-')));

describe('window state', () => {
  it('comes back as it was saved', () => {
    const file = path();
    saveWindowState(file, { x: 40, y: 30, width: 1280, height: 900, maximized: true });
    expect(loadWindowState(file)).toEqual({ x: 40, y: 30, width: 1280, height: 900, maximized: true });
  });

  it('is the default when there is no file, a broken one, or one with an impossible size', () => {
    expect(loadWindowState(path())).toEqual(DEFAULT_WINDOW_STATE);
    for (const content of [
      '{not json',
      JSON.stringify({ width: 10, height: 10 }),
      JSON.stringify({ width: 'wide', height: 800 }),
    ]) {
      const file = path();
      writeFileSync(file, content);
      expect(loadWindowState(file)).toEqual(DEFAULT_WINDOW_STATE);
    }
  });
});
