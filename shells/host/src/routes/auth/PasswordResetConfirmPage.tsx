import { apiRequest } from '@shoal/core';
import { Link, useSearchParams } from '@shoal/router';
import { ErrorAlert, TextField } from '@shoal/ui';
import type { FormEvent } from 'react';
import { t } from './accounts-i18n';
import { useSubmit } from './use-submit';

export function PasswordResetConfirmPage() {
  const [params] = useSearchParams();
  const { sending, errors, result, run } = useSubmit<true>();

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const password = String(form.get('password') ?? '');
    void run(async () => {
      await apiRequest('auth/password/reset/confirm/', {
        method: 'POST',
        json: {
          uid: params.get('uid') ?? '',
          token: params.get('token') ?? '',
          new_password1: password,
          new_password2: String(form.get('password_confirmation') ?? ''),
        },
      });
      return true;
    });
  }

  return (
    <section aria-labelledby="reset-confirm-title" className="host-form">
      <h1 id="reset-confirm-title">{t('auth.resetConfirm.title')}</h1>
      {result ? (
        <p className="ui-success" role="status">
          {t('auth.resetConfirm.done')} <Link to="/login">{t('auth.resetConfirm.doneLink')}</Link>{' '}
          {t('auth.resetConfirm.doneAfter')}
        </p>
      ) : (
        <form onSubmit={submit}>
          {errors && <ErrorAlert title={t('auth.resetConfirm.failed')} messages={errors} />}
          <TextField
            id="reset-password"
            name="password"
            type="password"
            label={t('auth.resetConfirm.password')}
            autoComplete="new-password"
            required
          />
          <TextField
            id="reset-password-confirmation"
            name="password_confirmation"
            type="password"
            label={t('auth.resetConfirm.again')}
            autoComplete="new-password"
            required
          />
          <button type="submit" className="ui-button" disabled={sending}>
            {sending ? t('auth.resetConfirm.submitting') : t('auth.resetConfirm.submit')}
          </button>
        </form>
      )}
    </section>
  );
}
