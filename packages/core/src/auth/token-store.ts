import { createStore } from 'zustand';

const STORAGE_KEY = 'shoal.auth.tokens';

/** OAuth credentials for a pod on another origin; a same-origin pod uses its session cookie instead. */
export interface OAuthTokens {
  accessToken: string;
  refreshToken: string;
  clientId: string;
  clientSecret: string;
}

export interface TokenState {
  tokens: OAuthTokens | null;
}

function readStored(): OAuthTokens | null {
  try {
    const parsed = JSON.parse(localStorage.getItem(STORAGE_KEY) ?? 'null') as Partial<OAuthTokens> | null;
    if (
      typeof parsed?.accessToken === 'string' &&
      typeof parsed.refreshToken === 'string' &&
      typeof parsed.clientId === 'string' &&
      typeof parsed.clientSecret === 'string'
    ) {
      return parsed as OAuthTokens;
    }
  } catch {
    // Unreadable storage means no token: the user signs in again.
  }
  return null;
}

export const tokenStore = createStore<TokenState>(() => ({ tokens: null }));

export function restoreTokens(): void {
  tokenStore.setState({ tokens: readStored() });
}

export function setTokens(tokens: OAuthTokens | null): void {
  tokenStore.setState({ tokens });
  try {
    if (tokens) localStorage.setItem(STORAGE_KEY, JSON.stringify(tokens));
    else localStorage.removeItem(STORAGE_KEY);
  } catch {
    // Storage may be disabled: the tokens still hold for this visit.
  }
}
