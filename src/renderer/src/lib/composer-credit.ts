/** Who wrote an answer or a report, as its footer begins (nothing when that is not known). */
export function composerCredit(composer: 'extractive' | 'llm' | undefined): string {
  return composer === 'llm' ? 'Written by the model · ' : composer === 'extractive' ? 'Quoted from the sources · ' : '';
}
