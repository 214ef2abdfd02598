import { apiRequest } from '@shoal/core';
import { Link, useSearchParams } from '@shoal/router';
import { ErrorAlert, TextField } from '@shoal/ui';
import type { FormEvent } from 'react';
import { t } from './accounts-i18n';
import { useSubmit } from './use-submit';

export function PasswordResetPage() {
  const [params] = useSearchParams();
  const { sending, errors, result, run } = useSubmit<true>();

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const email = String(new FormData(event.currentTarget).get('email') ?? '');
    void run(async () => {
      await apiRequest('auth/password/reset/', { method: 'POST', json: { email } });
      return true;
    });
  }

  return (
    <section aria-labelledby="reset-title" className="host-form">
      <h1 id="reset-title">{t('auth.reset.title')}</h1>
      {result ? (
        <p className="ui-success" role="status">
          {t('auth.reset.sent')}
        </p>
      ) : (
        <form onSubmit={submit}>
          {errors && <ErrorAlert title={t('auth.reset.failed')} messages={errors} />}
          <TextField
            id="reset-email"
            name="email"
            type="email"
            label={t('auth.reset.email')}
            autoComplete="email"
            defaultValue={params.get('email') ?? ''}
            required
          />
          <button type="submit" className="ui-button" disabled={sending}>
            {sending ? t('auth.reset.submitting') : t('auth.reset.submit')}
          </button>
        </form>
      )}
      <p>
        <Link to="/login">{t('auth.reset.back')}</Link>
      </p>
    </section>
  );
}
