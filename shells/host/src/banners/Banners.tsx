import { createTranslator } from '@shoal/i18n';
import { useState } from 'react';
import { useStore } from 'zustand';
import { applyUpdate } from '../app/service-worker';
import { bannerStore } from './banner-state';
import { type Consent, readConsent, writeConsent } from './consent';
import { bannersEnUS } from './en-US.banners';
import './banners.css';

const { t } = createTranslator(bannersEnUS);

/**
 * The page's banners (product.md §2): a new version (update or later), an unexpected error, and the
 * reporting consent asked once (allow or deny, kept in the `allow-tracing` cookie).
 */
export default function Banners() {
  const waitingWorker = useStore(bannerStore, (state) => state.waitingWorker);
  const unexpectedError = useStore(bannerStore, (state) => state.unexpectedError);
  const [consent, setConsent] = useState<Consent>(() => readConsent());
  const answer = (value: 'yes' | 'no') => {
    writeConsent(value);
    setConsent(value);
  };
  if (!waitingWorker && !unexpectedError && consent !== null) return null;
  return (
    <section className="host-banners" aria-label={t('banners.region')}>
      {waitingWorker && (
        <div className="host-banner host-banner--info" role="status">
          <p>{t('banners.update.text')}</p>
          <div className="host-banner__actions">
            <button type="button" className="ui-button" onClick={() => applyUpdate(waitingWorker)}>
              {t('banners.update.apply')}
            </button>
            <button
              type="button"
              className="ui-button ui-button--secondary"
              onClick={() => bannerStore.setState({ waitingWorker: null })}
            >
              {t('banners.update.later')}
            </button>
          </div>
        </div>
      )}
      {unexpectedError && (
        <div className="host-banner host-banner--error" role="alert">
          <p>
            <strong>{t('banners.error.text')}</strong> {t('banners.error.hint')}
          </p>
          <div className="host-banner__actions">
            <button
              type="button"
              className="ui-button ui-button--secondary"
              onClick={() => bannerStore.setState({ unexpectedError: false })}
            >
              {t('banners.error.dismiss')}
            </button>
          </div>
        </div>
      )}
      {consent === null && (
        <div className="host-banner host-banner--info">
          <p>{t('banners.consent.text')}</p>
          <div className="host-banner__actions">
            <button type="button" className="ui-button" onClick={() => answer('yes')}>
              {t('banners.consent.allow')}
            </button>
            <button type="button" className="ui-button ui-button--secondary" onClick={() => answer('no')}>
              {t('banners.consent.deny')}
            </button>
          </div>
        </div>
      )}
    </section>
  );
}
