import type { Passage } from './passages';

export type Composer = (input: {
  question: string;
  passages: Passage[];
  signal?: AbortSignal;
  onText: (delta: string) => void;
}) => Promise<string>;
