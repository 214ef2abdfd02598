export { apiRequest, apiUrl, type RequestOptions } from './api/client';
export { readCookie } from './api/cookies';
export { ApiError, UNKNOWN_ERROR_MESSAGE } from './errors/api-error';
export {
  clearInstanceUrl,
  type InstanceState,
  instanceStore,
  normaliseInstanceUrl,
  restoreInstance,
  setInstanceUrl,
} from './instance/instance-store';
export { useInstance } from './instance/use-instance';
export { toSameOriginPath } from './navigation/safe-path';
export {
  evaluateGuard,
  GUARD_REFUSAL_LOG,
  type GuardDecision,
  type GuardSubject,
  LIBRARY_INDEX,
} from './permissions/guards';
export {
  matchRemoteRoute,
  type Permission,
  parseRemoteManifest,
  type RemoteDescriptor,
  type RemoteManifest,
  type RemoteRoute,
  type Requirement,
  type RouteMatch,
} from './remotes/manifest';
export {
  loadProfile,
  markAnonymous,
  type Profile,
  type SessionState,
  type SessionStatus,
  sessionStore,
  setProfile,
} from './session/session-store';
export { useSession } from './session/use-session';
