import { ApiError, type AuthorizationGrant, apiRequest, authorizeApplication, OUT_OF_BAND_REDIRECT } from '@shoal/core';
import { useSearchParams } from '@shoal/router';
import { ErrorAlert, Loading } from '@shoal/ui';
import { useEffect, useState } from 'react';
import { useSubmit } from './use-submit';

interface Application {
  name: string;
  client_id: string;
}

const SCOPE_LABELS: Record<string, string> = { read: 'Read your data', write: 'Change your data' };

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

  if (appErrors) return <ErrorAlert title="Error while fetching application data" messages={appErrors} />;
  if (!app) return <Loading label="Loading the application…" />;
  return (
    <section aria-labelledby="authorize-title" className="host-form">
      <h1 id="authorize-title">Allow {app.name} to use your account?</h1>
      <p>It asks to:</p>
      <ul>
        {scopes.map((scope) => (
          <li key={scope}>{SCOPE_LABELS[scope] ?? scope}</li>
        ))}
      </ul>
      {errors && <ErrorAlert title="The application could not be authorized" messages={errors} />}
      {result?.redirect_uri.startsWith(OUT_OF_BAND_REDIRECT) ? (
        <p className="ui-success" role="status">
          Copy this code into {app.name}: <code>{result.code}</code>
        </p>
      ) : (
        <button type="button" className="ui-button" disabled={sending} onClick={authorize}>
          {sending ? 'Authorizing…' : `Authorize ${app.name}`}
        </button>
      )}
    </section>
  );
}
