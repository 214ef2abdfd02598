import { useEffect, useId, useRef, useState } from 'react';

/** calls.md §9.3: the copy confirmation stays 5 seconds. */
export const COPY_CONFIRMATION_MS = 5000;

export interface CopyFieldProps {
  label: string;
  value: string;
  /** The button's text and the confirmation, translated by the caller. */
  copyLabel: string;
  copiedLabel: string;
}

async function copyText(text: string, input: HTMLInputElement | null): Promise<void> {
  if (navigator.clipboard?.writeText) {
    try {
      await navigator.clipboard.writeText(text);
      return;
    } catch {
      // Clipboard refused (no permission, insecure context): fall back to the selection.
    }
  }
  input?.select();
  document.execCommand('copy');
}

/** A read-only value with a Copy button; "copied" shows for 5 s (product.md §4, Copy input). */
export function CopyField({ label, value, copyLabel, copiedLabel }: CopyFieldProps) {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), COPY_CONFIRMATION_MS);
    return () => clearTimeout(timer);
  }, [copied]);
  return (
    <div className="ui-field">
      <label htmlFor={id}>{label}</label>
      <div className="ui-copy-field">
        <input id={id} ref={input} readOnly value={value} onFocus={(event) => event.currentTarget.select()} />
        <button
          type="button"
          className="ui-button ui-button--secondary"
          onClick={() => {
            void copyText(value, input.current).then(() => setCopied(true));
          }}
        >
          {copyLabel}
        </button>
      </div>
      <span role="status" className="ui-field__hint">
        {copied ? copiedLabel : ''}
      </span>
    </div>
  );
}
