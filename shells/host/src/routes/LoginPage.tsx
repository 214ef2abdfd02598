import { ApiError, apiRequest, loadProfile, toSameOriginPath, useInstance, useSession } from '@shoal/core';
import { needsOAuth, startOAuthLogin } from '@shoal/core/auth-flows';
import { Link, Navigate, useNavigate, useSearchParams } from '@shoal/router';
import { ErrorAlert, TextField } from '@shoal/ui';
import { type FormEvent, useState } from 'react';
import { t } from '../i18n';

export function LoginPage() {
  const authenticated = useSession((state) => state.status === 'authenticated');
  const instance = useInstance((state) => state.url);
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const [errors, setErrors] = useState<string[] | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const next = toSameOriginPath(params.get('next')) ?? '/library';

  // product.md §2: the login route is closed to authenticated users.
  if (authenticated && !submitting) return <Navigate to="/library" replace />;

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    setSubmitting(true);
    setErrors(null);
    try {
      await apiRequest('users/login', {
        method: 'POST',
        form: new URLSearchParams({
          username: String(form.get('username') ?? ''),
          password: String(form.get('password') ?? ''),
        }),
        skipTokenRefresh: true,
      });
      const session = await loadProfile();
      if (session.status !== 'authenticated') throw new ApiError(null, []);
      navigate(next, { replace: true });
    } catch (error) {
      setErrors(error instanceof ApiError ? error.messages : []);
      setSubmitting(false);
    }
  }

  async function signInOnPod() {
    setSubmitting(true);
    setErrors(null);
    try {
      await startOAuthLogin(next);
    } catch (error) {
      setErrors(error instanceof ApiError ? error.messages : []);
      setSubmitting(false);
    }
  }

  return (
    <section aria-labelledby="login-title" className="host-form">
      <h1 id="login-title">{t('auth.login.title')}</h1>
      {errors && <ErrorAlert title={t('auth.login.failed')} messages={errors} />}
      {needsOAuth() ? (
        <>
          <p>{t('auth.login.remote', { instance: instance ?? '' })}</p>
          <button type="button" className="ui-button" disabled={submitting} onClick={() => void signInOnPod()}>
            {submitting ? t('auth.login.openingPod') : t('auth.login.onPod')}
          </button>
        </>
      ) : (
        <form onSubmit={submit}>
          <TextField
            id="login-username"
            name="username"
            label={t('auth.login.username')}
            autoComplete="username"
            required
          />
          <TextField
            id="login-password"
            name="password"
            type="password"
            label={t('auth.login.password')}
            autoComplete="current-password"
            required
          />
          <button type="submit" className="ui-button" disabled={submitting}>
            {submitting ? t('auth.login.submitting') : t('auth.login.submit')}
          </button>
        </form>
      )}
      <p>
        <Link to="/auth/password/reset">{t('auth.login.forgot')}</Link>
      </p>
      <p>
        {t('auth.login.newHere')} <Link to="/signup">{t('auth.login.createAccount')}</Link>
      </p>
    </section>
  );
}
