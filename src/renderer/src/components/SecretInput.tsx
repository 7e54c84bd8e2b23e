/**
 * A key typed inside Settings' form: hidden, never filled in by the browser, and Enter does the
 * key's own action (save it, connect with it) instead of saving the whole form.
 */
export function SecretInput({
  id,
  value,
  onChange,
  onEnter,
}: {
  id?: string;
  value: string;
  onChange: (value: string) => void;
  onEnter: () => void;
}): React.JSX.Element {
  return (
    <input
      {...(id === undefined ? {} : { id })}
      type="password"
      autoComplete="off"
      value={value}
      onChange={(event) => onChange(event.target.value)}
      onKeyDown={(event) => {
        if (event.key === 'Enter') {
          event.preventDefault();
          onEnter();
        }
      }}
    />
  );
}
