import { ApiError, loadProfile, toSameOriginPath } from '@shoal/core';
import { completeOAuthLogin } from '@shoal/core/auth-flows';
import { Link, useNavigate, useSearchParams } from '@shoal/router';
import { ErrorAlert, Loading } from '@shoal/ui';
import { useEffect, useRef, useState } from 'react';
import { t } from './accounts-i18n';

/** `/auth/callback`: where a pod on another origin sends the browser back after sign-in. */
export function AuthCallbackPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const [errors, setErrors] = useState<string[] | null>(null);
  const started = useRef(false);
  const code = params.get('code') ?? '';
  const state = params.get('state') ?? '';

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    completeOAuthLogin(code, state)
      .then(async (next) => {
        await loadProfile();
        navigate(toSameOriginPath(next) ?? '/library', { replace: true });
      })
      .catch((error: unknown) => setErrors(error instanceof ApiError ? error.messages : []));
  }, [code, state, navigate]);

  return (
    <section aria-labelledby="callback-title" className="host-form">
      <h1 id="callback-title">{t('auth.callback.title')}</h1>
      {errors ? (
        <>
          <ErrorAlert title={t('auth.callback.failed')} messages={errors} />
          <Link to="/login">{t('auth.callback.retry')}</Link>
        </>
      ) : (
        <Loading label={t('auth.callback.pending')} />
      )}
    </section>
  );
}
