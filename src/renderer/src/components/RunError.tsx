import type { ErrorInfo } from '../../../shared/contract';
import { ENGINE_IDS } from '../../../shared/search-options';
import { blockedEngine, engineName, nextEngine } from '../lib/error-advice';
import { useCaptcha } from '../stores/captcha-store';
import type { AskOptions, Run } from '../stores/run-store';
import { useSettings } from '../stores/settings-store';
import { useView } from '../stores/view-store';
import { ErrorBox, type ErrorOffers } from './ErrorBox';

/** What to do about a block, when the banner above offers it (in place of the error's own way out). */
function blockRemedy(error: ErrorInfo, bannerShown: boolean, canShowWindow: boolean): string | undefined {
  if (!['CAPTCHA_REQUIRED', 'CONSENT_REQUIRED', 'ENGINE_BLOCKED'].includes(error.code) || !bannerShown)
    return undefined;
  return canShowWindow
    ? 'Use “Solve now” in the banner above: the page opens in a window, and this question runs again once you have solved it. Or pick another engine and ask again.'
    : 'The banner above says until when, and offers another engine for this question now, or a new search session, which ends the pause.';
}

/**
 * A failed question's error, with the ways out this screen can carry out: each asks it again
 * (`again`, as it was asked or with the change), or opens the setting.
 */
export function RunError({
  run,
  error,
  again,
}: {
  run: Run;
  error: ErrorInfo;
  again: (change?: Pick<AskOptions, 'engine' | 'timeRange'>) => void;
}): React.JSX.Element {
  const blocks = useCaptcha((state) => state.blocks);
  const canShowWindow = useCaptcha((state) => state.canShowWindow);
  const configured = useSettings((state) => state.settings?.engines);
  const show = useView((state) => state.show);
  const remedy = blockRemedy(error, blocks.length > 0, canShowWindow);
  if (remedy) {
    // The banner stands for the block: asking again here would only meet the pause.
    return <ErrorBox error={error} remedy={remedy} />;
  }
  const blocked = blockedEngine(error);
  const alternative = nextEngine([...blocks.map((block) => block.engine), ...(blocked ? [blocked] : [])], configured);
  // Nothing found: other engines than the one asked (the first configured one, when "auto").
  const asked = run.engine === 'auto' || run.engine === 'all' ? (configured?.[0] ?? 'google') : run.engine;
  const others = [...new Set([...(configured ?? []), ...ENGINE_IDS])].filter((engine) => engine !== asked).slice(0, 2);
  const offers: ErrorOffers = {
    'other-engine': alternative ? [{ label: 'Use another engine now', run: () => again({ engine: alternative }) }] : [],
    'other-engines': others.map((engine) => ({
      label: `Search with ${engineName(engine)}`,
      run: () => again({ engine }),
    })),
    'any-time': run.timeRange === 'any' ? [] : [{ label: 'Search any date', run: () => again({ timeRange: 'any' }) }],
    'allow-private': [{ label: 'Allow local addresses…', run: () => show('settings', 'allow-private') }],
  };
  return <ErrorBox error={error} onRetry={() => again()} offers={offers} />;
}
