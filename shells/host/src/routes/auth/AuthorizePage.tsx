import { ApiError, apiRequest } from '@shoal/core';
import { type AuthorizationGrant, authorizeApplication, OUT_OF_BAND_REDIRECT } from '@shoal/core/auth-flows';
import { useSearchParams } from '@shoal/router';
import { ErrorAlert, Loading } from '@shoal/ui';
import { useEffect, useState } from 'react';
import { t } from './accounts-i18n';
import { useSubmit } from './use-submit';

interface Application {
  name: string;
  client_id: string;
}

/** What a scope lets the app do: `read` / `write` in words, an area scope (`read:favorites`) as it is. */
function scopeLabel(scope: string): string {
  if (scope === 'read') return t('auth.authorize.scope.read');
  if (scope === 'write') return t('auth.authorize.scope.write');
  return scope;
}

/** `/authorize`: a third-party app asks to act for the signed-in user (product.md §2). */
export function AuthorizePage() {
  const [params] = useSearchParams();
  const [app, setApp] = useState<Application | null>(null);
  const [appErrors, setAppErrors] = useState<string[] | null>(null);
  const { sending, errors, result, run } = useSubmit<AuthorizationGrant>();
  const clientId = params.get('client_id') ?? '';
  const scopes = (params.get('scope') ?? '').split(/\s+/).filter(Boolean);

  useEffect(() => {
    apiRequest<Application>(`oauth/apps/${encodeURIComponent(clientId)}/`).then(setApp, (error: unknown) =>
      setAppErrors(error instanceof ApiError ? error.messages : []),
    );
  }, [clientId]);

  function authorize() {
    void run(() => authorizeApplication(params)).then((grant) => {
      if (grant && !grant.redirect_uri.startsWith(OUT_OF_BAND_REDIRECT)) window.location.assign(grant.redirect_uri);
    });
  }

  if (appErrors) return <ErrorAlert title={t('auth.authorize.appFailed')} messages={appErrors} />;
  if (!app) return <Loading label={t('auth.authorize.loading')} />;
  return (
    <section aria-labelledby="authorize-title" className="host-form">
      <h1 id="authorize-title">{t('auth.authorize.title', { app: app.name })}</h1>
      <p>{t('auth.authorize.asks')}</p>
      <ul>
        {scopes.map((scope) => (
          <li key={scope}>{scopeLabel(scope)}</li>
        ))}
      </ul>
      {errors && <ErrorAlert title={t('auth.authorize.failed')} messages={errors} />}
      {result?.redirect_uri.startsWith(OUT_OF_BAND_REDIRECT) ? (
        <p className="ui-success" role="status">
          {t('auth.authorize.code', { app: app.name })} <code>{result.code}</code>
        </p>
      ) : (
        <button type="button" className="ui-button" disabled={sending} onClick={authorize}>
          {sending ? t('auth.authorize.submitting') : t('auth.authorize.submit', { app: app.name })}
        </button>
      )}
    </section>
  );
}
