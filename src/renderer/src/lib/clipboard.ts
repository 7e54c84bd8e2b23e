import { useEffect, useState } from 'react';

/** Copies text to the clipboard and says how it went for a moment (the status line beside the button). */
export function useCopy(): { copy: (text: string) => void; said: string } {
  const [copied, setCopied] = useState<'yes' | 'failed'>();
  useEffect(() => {
    if (copied === undefined) return;
    const timer = setTimeout(() => setCopied(undefined), 2500);
    return () => clearTimeout(timer);
  }, [copied]);
  const copy = (text: string): void => {
    navigator.clipboard.writeText(text).then(
      () => setCopied('yes'),
      () => setCopied('failed'),
    );
  };
  return {
    copy,
    said: copied === 'yes' ? 'Copied as Markdown' : copied === 'failed' ? 'The browser refused the clipboard' : '',
  };
}
