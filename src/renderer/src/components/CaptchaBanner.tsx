import { useCaptcha } from '../stores/captcha-store';
import { ErrorBox } from './ErrorBox';

const NAMES: Record<string, string> = { google: 'Google', bing: 'Bing', duckduckgo: 'DuckDuckGo', baidu: 'Baidu', brave: 'Brave' };

/** Shown while an engine waits for a person; "Solve now" opens its page in a window and goes on. */
export function CaptchaBanner(): React.JSX.Element | null {
  const { blocks, canShowWindow, solving, error, solve } = useCaptcha();
  if (blocks.length === 0 && !error) return null;
  return (
    <div className="captcha-area">
      {blocks.map((block) => {
        const name = NAMES[block.engine] ?? block.engine;
        const minutes = Math.max(1, Math.ceil((block.until - Date.now()) / 60_000));
        return (
          <section key={block.engine} className="captcha-banner" role="region" aria-label={`${name} verification`}>
            <p>
              <strong>
                {block.kind === 'captcha' ? `${name} wants to confirm you're human` : `${name} asks for a cookie choice`}
              </strong>{' '}
              {solving === block.engine
                ? '— solve it in the window that opened; your question goes on by itself afterwards.'
                : `— Lantern skips ${name} for ${minutes} more min unless you solve it.`}
            </p>
            {canShowWindow ? (
              <button type="button" className="button primary" disabled={solving !== undefined} onClick={() => void solve(block.engine)}>
                {solving === block.engine ? 'Waiting for you…' : 'Solve now'}
              </button>
            ) : (
              <p className="hint">There is no display to open a window on here: solve it in the Lantern desktop app, or run Lantern on a desktop.</p>
            )}
          </section>
        );
      })}
      {error && <ErrorBox error={error} />}
    </div>
  );
}
