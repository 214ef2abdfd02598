import { apiRequest } from '@shoal/core';
import { Link, useSearchParams } from '@shoal/router';
import { ErrorAlert, Loading } from '@shoal/ui';
import { useEffect, useRef } from 'react';
import { t } from './accounts-i18n';
import { useSubmit } from './use-submit';

export function EmailConfirmPage() {
  const [params] = useSearchParams();
  const key = params.get('key') ?? '';
  const { errors, result, run } = useSubmit<true>();
  const sent = useRef(false);

  useEffect(() => {
    // The key is single-use: StrictMode's double effect must not send it twice.
    if (sent.current) return;
    sent.current = true;
    void run(async () => {
      await apiRequest('auth/registration/verify-email/', { method: 'POST', json: { key } });
      return true;
    });
  }, [key, run]);

  return (
    <section aria-labelledby="confirm-title" className="host-form">
      <h1 id="confirm-title">{t('auth.confirm.title')}</h1>
      {errors && <ErrorAlert title={t('auth.confirm.failed')} messages={errors} />}
      {result && (
        <p className="ui-success" role="status">
          {t('auth.confirm.done')} <Link to="/login">{t('auth.confirm.doneLink')}</Link>.
        </p>
      )}
      {!errors && !result && <Loading label={t('auth.confirm.pending')} />}
    </section>
  );
}
