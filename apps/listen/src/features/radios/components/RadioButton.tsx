import { type RadioConfig, startRadio, stopRadio, useRadio } from '@shoal/core';
import { t } from '../../../i18n/radios';

export interface RadioButtonProps {
  config: RadioConfig;
  /** The accessible name when it starts this radio (e.g. "Start the radio Rock"). */
  label?: string;
  variant?: 'primary' | 'secondary';
}

const sameRadio = (a: RadioConfig | null, b: RadioConfig) =>
  !!a &&
  a.type === b.type &&
  String(a.objectId ?? '') === String(b.objectId ?? '') &&
  (a.customRadioId ?? null) === (b.customRadioId ?? null);

/** Starts this radio, or stops it while it runs (product.md §4, Radio). */
export function RadioButton({ config, label, variant = 'secondary' }: RadioButtonProps) {
  const running = useRadio((state) => state.running && sameRadio(state.current, config));
  const className = `ui-button${variant === 'secondary' ? ' ui-button--secondary' : ''}`;
  return running ? (
    <button type="button" className={className} onClick={() => stopRadio()}>
      {t('radios.stop')}
    </button>
  ) : (
    <button
      type="button"
      className={className}
      onClick={() => startRadio(config)}
      aria-label={label ?? t('radios.start')}
    >
      {t('radios.start')}
    </button>
  );
}
