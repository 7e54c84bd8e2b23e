/** Which screen fills the main pane, and which of its controls an error's button sent the person to. */
import { create } from 'zustand';

export type Screen = 'research' | 'library' | 'settings';

/**
 * What was dropped: the files' paths (the desktop app), or none and the files themselves (a
 * browser), without the folders among them, which a browser cannot read; `folders` counts those.
 */
export interface Dropped {
  paths: string[];
  files: File[];
  folders: number;
}

interface ViewStore {
  screen: Screen;
  /** The id of the control to focus once the screen shows it (e.g. the private-network setting). */
  focus?: string | undefined;
  /** Files dropped on any screen, for the Library to add: by their paths where the app is told them, else as files to send. */
  dropped?: Dropped | undefined;
  show(screen: Screen, focus?: string): void;
  /** Files dropped anywhere go to the Library, which shows itself to add them. */
  dropOnLibrary(dropped: Dropped): void;
  /** The Library takes what was dropped, once. */
  takeDropped(): Dropped | undefined;
}

export const useView = create<ViewStore>((set, get) => ({
  screen: 'research',
  show: (screen, focus) => set({ screen, focus }),
  dropOnLibrary: (dropped) => set({ screen: 'library', focus: undefined, dropped }),
  takeDropped: () => {
    const { dropped } = get();
    if (dropped !== undefined) set({ dropped: undefined });
    return dropped;
  },
}));
