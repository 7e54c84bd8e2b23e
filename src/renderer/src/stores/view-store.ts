/** Which screen fills the main pane, and which of its controls an error's button sent the person to. */
import { create } from 'zustand';

export type Screen = 'research' | 'library' | 'settings';

interface ViewStore {
  screen: Screen;
  /** The id of the control to focus once the screen shows it (e.g. the private-network setting). */
  focus?: string | undefined;
  show(screen: Screen, focus?: string): void;
}

export const useView = create<ViewStore>((set) => ({
  screen: 'research',
  show: (screen, focus) => set({ screen, focus }),
}));
