/**
 * The sign-in flows only the host's account pages run (OAuth with PKCE, a third-party app's
 * authorisation, the instance chooser's probe). A separate entry of `@shoal/core`, so that these
 * modules load with those lazy pages instead of with the core every first visit downloads.
 */
export { type AuthorizationGrant, authorizeApplication, OUT_OF_BAND_REDIRECT } from './auth/authorize-application';
export { completeOAuthLogin, needsOAuth, OAUTH_SCOPES, redirectUri, startOAuthLogin } from './auth/oauth-login';
export { codeChallengeFor, randomToken } from './auth/pkce';
export { type ProbedNodeInfo, type ProbeResult, probeInstance } from './instance/probe-instance';
