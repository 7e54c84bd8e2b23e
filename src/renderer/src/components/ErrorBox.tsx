import { adviceFor, type ErrorAction } from '../lib/error-advice';
import type { ErrorInfo } from '../../../shared/contract';
import './feedback.css';

export interface ActionButton {
  label: string;
  run: () => void;
}

/** The buttons a screen can carry out for each way out an error's advice names (besides "retry"). */
export type ErrorOffers = Partial<Record<Exclude<ErrorAction, 'retry'>, ActionButton[]>>;

/**
 * A failure in the person's words (lib/error-advice.ts): a headline, what happened and what to
 * do, the ways out as buttons, and the core's code and message under "Details". `remedy`
 * replaces the body where the screen itself says the way out (the CAPTCHA banner above);
 * `offers` are the buttons this screen can carry out for each way out the advice names.
 */
export function ErrorBox({
  error,
  onRetry,
  retryLabel = 'Try again',
  remedy,
  offers = {},
}: {
  error: ErrorInfo;
  onRetry?: () => void;
  retryLabel?: string;
  remedy?: string;
  offers?: ErrorOffers;
}): React.JSX.Element {
  const advice = adviceFor(error);
  const buttons = advice.actions.flatMap((action): ActionButton[] =>
    action === 'retry' ? (onRetry ? [{ label: retryLabel, run: onRetry }] : []) : (offers[action] ?? []),
  );
  return (
    <div
      className={advice.tone === 'note' ? 'error-box tone-note' : 'error-box'}
      role={advice.tone === 'note' ? 'status' : 'alert'}
    >
      <p className="error-title">
        <strong>{advice.headline}</strong>
      </p>
      <p className="error-message">{remedy ?? advice.body}</p>
      {advice.groups && (
        <ul className="error-groups">
          {advice.groups.map((group) => (
            <li key={group}>{group}</li>
          ))}
        </ul>
      )}
      {buttons.length > 0 && (
        <div className="error-actions">
          {buttons.map((button, i) => (
            <button
              key={button.label}
              type="button"
              className={i === 0 ? 'button primary' : 'button'}
              onClick={button.run}
            >
              {button.label}
            </button>
          ))}
        </div>
      )}
      <details className="error-details">
        <summary>Details</summary>
        <p>
          <code className="error-code">{error.code}</code> {error.message}
        </p>
      </details>
    </div>
  );
}
