import { apiRequest } from '../api/client';

/** The OAuth parameters a third-party app sends to `/authorize`, passed on to the pod as they are. */
const AUTHORIZE_PARAMETERS = [
  'client_id',
  'redirect_uri',
  'scope',
  'response_type',
  'state',
  'nonce',
  'code_challenge',
  'code_challenge_method',
] as const;

export const OUT_OF_BAND_REDIRECT = 'urn:ietf:wg:oauth:2.0:oob';

export interface AuthorizationGrant {
  code: string;
  redirect_uri: string;
}

/** Grants the app access for the signed-in user; the pod answers JSON when asked as XMLHttpRequest. */
export function authorizeApplication(params: URLSearchParams): Promise<AuthorizationGrant> {
  const form = new URLSearchParams({ allow: 'true' });
  for (const name of AUTHORIZE_PARAMETERS) {
    const value = params.get(name);
    if (value) form.set(name, value);
  }
  return apiRequest<AuthorizationGrant>('oauth/authorize/', {
    method: 'POST',
    form,
    headers: { 'X-Requested-With': 'XMLHttpRequest' },
  });
}
