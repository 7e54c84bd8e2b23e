import { clockTime, engineName, nextEngine } from '../lib/error-advice';
import { useCaptcha } from '../stores/captcha-store';
import { usePrefs } from '../stores/prefs-store';
import { useRun } from '../stores/run-store';
import { useSettings } from '../stores/settings-store';
import { ErrorBox } from './ErrorBox';

/**
 * Shown while an engine waits for a person. With a display, "Solve now" opens its page in a
 * window and goes on. Without one (web mode on a server) the check cannot be shown: the banner
 * says until when the engine is paused and offers the ways out that work here — another engine
 * for the question now, or a new search session, which ends the pause.
 */
export function CaptchaBanner(): React.JSX.Element | null {
  const { blocks, canShowWindow, solving, error, solve, resetSession } = useCaptcha();
  const run = useRun((state) => state.run);
  const configured = useSettings((state) => state.settings?.engines);
  if (blocks.length === 0 && !error) return null;
  const alternative = nextEngine(
    blocks.map((block) => block.engine),
    configured,
  );
  const useAlternative = (): void => {
    if (!alternative) return;
    if (run && run.status !== 'running') {
      void useRun.getState().retry({ engine: alternative });
      return;
    }
    // No question to ask again: the next one goes to the other engine.
    usePrefs.getState().set({ engine: alternative });
    document.getElementById('ask-input')?.focus();
  };
  return (
    <div className="captcha-area">
      {blocks.map((block) => {
        const name = engineName(block.engine);
        const asked = block.kind === 'captcha' ? 'it asked to confirm you’re human' : 'it asked for a cookie choice';
        if (!canShowWindow) {
          return (
            <section
              key={block.engine}
              className="captcha-banner paused"
              role="region"
              aria-label={`${name} verification`}
            >
              <p>
                <strong>
                  {name} is paused until {clockTime(block.until)}
                </strong>{' '}
                — {asked}, and there is no display here to show that check on.
              </p>
              <div className="banner-actions">
                {alternative && (
                  <button type="button" className="button primary" onClick={useAlternative}>
                    Use another engine now
                  </button>
                )}
                <button type="button" className="button" onClick={() => void resetSession()}>
                  Reset the search session
                </button>
              </div>
              <p className="hint">
                {alternative && `“Use another engine now” asks ${engineName(alternative)}. `}Resetting the search
                session gives {name} a new visitor and ends the pause, though {name} may ask again.
              </p>
            </section>
          );
        }
        const minutes = Math.max(1, Math.ceil((block.until - Date.now()) / 60_000));
        return (
          <section key={block.engine} className="captcha-banner" role="region" aria-label={`${name} verification`}>
            <p>
              <strong>
                {block.kind === 'captcha'
                  ? `${name} wants to confirm you're human`
                  : `${name} asks for a cookie choice`}
              </strong>{' '}
              {solving === block.engine
                ? '— solve it in the window that opened; your question goes on by itself afterwards.'
                : `— Lantern skips ${name} for ${minutes} more min unless you solve it.`}
            </p>
            <button
              type="button"
              className="button primary"
              disabled={solving !== undefined}
              onClick={() => void solve(block.engine)}
            >
              {solving === block.engine ? 'Waiting for you…' : 'Solve now'}
            </button>
          </section>
        );
      })}
      {error && <ErrorBox error={error} />}
    </div>
  );
}
