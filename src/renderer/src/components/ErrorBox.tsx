import type { ErrorInfo } from '../../../shared/contract';

/** A headline for each kind of failure; the message (written by the core) says the figures and what to do. */
const HEADLINES: Partial<Record<ErrorInfo['code'], string>> = {
  CAPTCHA_REQUIRED: 'The search engine wants to confirm you are human',
  CONSENT_REQUIRED: 'The search engine asks for a cookie choice first',
  ENGINE_BLOCKED: 'The search engine is paused after a block',
  ENGINE_UNREACHABLE: 'The search engine could not be reached',
  ENGINE_LAYOUT_CHANGED: 'The results page looks different than Lantern expects',
  TIMEOUT: 'That took too long',
  RATE_LIMITED: 'Too many searches at once',
  BROWSER_NOT_FOUND: 'No Chrome or Chromium found',
  BLOCKED_URL: 'That address is not allowed',
  FETCH_FAILED: 'The page could not be read',
  UNSUPPORTED_CONTENT: 'Lantern cannot read this kind of file',
  TOO_LARGE: 'The page is too large',
  NOT_FOUND: 'Not found',
  LLM_FAILED: 'The model did not answer',
  UNAUTHORIZED: 'Not signed in',
  FORBIDDEN: 'Refused',
  INVALID_INPUT: 'Lantern cannot use that input',
  CANCELLED: 'Stopped',
  INTERNAL: 'Something went wrong inside Lantern',
};

/**
 * A failure with its headline, code and message. `remedy` replaces the core's message where the
 * screen itself offers the way out (the core's names CLI flags, which mean nothing here).
 */
export function ErrorBox({
  error,
  onRetry,
  retryLabel = 'Try again',
  remedy,
}: {
  error: ErrorInfo;
  onRetry?: () => void;
  retryLabel?: string;
  remedy?: string;
}): React.JSX.Element {
  return (
    <div className="error-box" role="alert">
      <p className="error-title">
        <strong>{HEADLINES[error.code] ?? 'Something went wrong'}</strong> <code className="error-code">{error.code}</code>
      </p>
      <p className="error-message">{remedy ?? error.message}</p>
      {onRetry && (
        <button type="button" className="button" onClick={onRetry}>
          {retryLabel}
        </button>
      )}
    </div>
  );
}
