/**
 * The preload bridge's `pathOf`: where a dropped or picked file is on disk, through a webUtils
 * double that answers as Electron's webUtils docs say (tests/support/ipc-double.ts): a file on
 * disk gives its path, one made in JS gives '', and what is not a File gives '' instead of the
 * exception getPathForFile throws, so a drop never breaks the page.
 */
import { describe, expect, it } from 'vitest';
import { createBridge, type IpcRendererLike } from '../../src/preload/bridge';
import { webUtilsDouble } from '../support/ipc-double';

const noIpc: IpcRendererLike = {
  invoke: () => Promise.reject(new Error('no IPC in this test')),
  on: () => noIpc as never,
  removeListener: () => noIpc as never,
};

describe('the preload bridge: paths of dropped files', () => {
  it('gives a file on disk its path, a file made in JS an empty path, and something else an empty path', () => {
    const onDisk = new File(['%PDF-1.7'], 'paper.pdf');
    const madeInJs = new File(['text'], 'note.txt');
    const bridge = createBridge(noIpc, webUtilsDouble(new Map([[onDisk, '/home/ada/papers/paper.pdf']])));
    expect(bridge.pathOf(onDisk)).toBe('/home/ada/papers/paper.pdf');
    expect(bridge.pathOf(madeInJs)).toBe('');
    expect(bridge.pathOf({ name: 'paper.pdf' } as unknown as File)).toBe('');
  });
});
