/** Which screen fills the main pane, and which of its controls an error's button sent the person to. */
import { create } from 'zustand';

export type Screen = 'research' | 'library' | 'settings';

interface ViewStore {
  screen: Screen;
  /** The id of the control to focus once the screen shows it (e.g. the private-network setting). */
  focus?: string | undefined;
  /** Files dropped on any screen, for the Library to add: their paths, or [] where the browser does not tell them. */
  dropped?: string[] | undefined;
  show(screen: Screen, focus?: string): void;
  /** Files dropped anywhere go to the Library, which shows itself to add them. */
  dropOnLibrary(paths: string[]): void;
  /** The Library takes what was dropped, once. */
  takeDropped(): string[] | undefined;
}

export const useView = create<ViewStore>((set, get) => ({
  screen: 'research',
  show: (screen, focus) => set({ screen, focus }),
  dropOnLibrary: (paths) => set({ screen: 'library', focus: undefined, dropped: paths }),
  takeDropped: () => {
    const { dropped } = get();
    if (dropped !== undefined) set({ dropped: undefined });
    return dropped;
  },
}));
