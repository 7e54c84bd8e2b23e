/** Which screen fills the main pane. */
import { create } from 'zustand';

export type Screen = 'research' | 'settings';

interface ViewStore {
  screen: Screen;
  show(screen: Screen): void;
}

export const useView = create<ViewStore>((set) => ({
  screen: 'research',
  show: (screen) => set({ screen }),
}));
