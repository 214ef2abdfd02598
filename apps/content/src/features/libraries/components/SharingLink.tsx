import { useEffect, useId, useState } from 'react';
import { t } from '../../../i18n';
import type { OwnLibrary } from '../../common/types';
import { useAnonymousCanListen } from '../queries';

const COPY_CONFIRMATION_MS = 5000;

/** The library's federation address to share, warned against when visitors cannot listen (product.md §6). */
export function SharingLink({ library }: { library: OwnLibrary }) {
  const id = useId();
  const anonymous = useAnonymousCanListen();
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), COPY_CONFIRMATION_MS);
    return () => clearTimeout(timer);
  }, [copied]);
  return (
    <section aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{t('library.share.title')}</h2>
      {anonymous.data === false && (
        <p role="note" className="content-warning">
          {t('library.share.anonymousOff')}
        </p>
      )}
      <div className="ui-field">
        <label htmlFor={`${id}-link`}>{t('library.share.text')}</label>
        <div className="content-inline">
          <input id={`${id}-link`} readOnly value={library.fid} onFocus={(event) => event.target.select()} />
          <button
            type="button"
            className="ui-button ui-button--secondary"
            onClick={() => {
              navigator.clipboard?.writeText(library.fid).then(
                () => setCopied(true),
                () => setCopied(false),
              );
            }}
          >
            {t('library.share.copy')}
          </button>
        </div>
        <span role="status">{copied ? t('library.share.copied') : ''}</span>
      </div>
    </section>
  );
}
