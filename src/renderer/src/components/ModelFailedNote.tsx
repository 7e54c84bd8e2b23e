import type { ErrorInfo } from '../../../shared/contract';

/** The model failed and the answer quotes the pages instead: said in words, the model's own error under "Details". */
export function ModelFailedNote({ error }: { error: ErrorInfo }): React.JSX.Element {
  return (
    <div className="note model-failed">
      <p>The model could not be reached, so this answer quotes the pages directly. Check the model in Settings.</p>
      <details className="error-details">
        <summary>Details</summary>
        <p>{error.message}</p>
      </details>
    </div>
  );
}
