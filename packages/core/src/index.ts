export {
  type ApiVersion,
  apiVersionFor,
  type PodGeneration,
  podGenerationOf,
  setPodGeneration,
} from './api/api-versions';
export { apiRequest, apiUrl, type QueryValue, type RequestOptions } from './api/client';
export { readCookie } from './api/cookies';
export type { components as ApiComponents, operations as ApiOperations, paths as ApiPaths } from './api/schema';
export { refreshTokens } from './auth/refresh-tokens';
export {
  LOCAL_TRACK_STORAGE_PREFIX,
  type ResettableStore,
  registerReset,
  resetAfterInstanceChange,
  resetAfterLogout,
} from './auth/reset-registry';
export { type OAuthTokens, restoreTokens, setTokens, tokenStore } from './auth/token-store';
export { ApiError, UNKNOWN_ERROR_MESSAGE } from './errors/api-error';
export { flattenFieldErrors } from './errors/flatten-field-errors';
export {
  formatDelay,
  messagesForResponse,
  NO_MORE_RADIO_CANDIDATES,
  PERMISSION_DENIED,
  type RateLimit,
  RESOURCE_NOT_FOUND,
  readRateLimit,
  SERVER_ERROR,
} from './errors/response-messages';
export { detectPodGeneration } from './instance/detect-generation';
export {
  clearInstanceUrl,
  type InstanceState,
  instanceStore,
  normaliseInstanceUrl,
  restoreInstance,
  setInstanceUrl,
} from './instance/instance-store';
export { type NodeInfo, nodeInfoQuery } from './instance/node-info';
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
export { loadProfile } from './session/load-profile';
export { logout } from './session/logout';
export { handleSessionExpired, setSessionExpiredHandler } from './session/session-expiry';
export {
  markAnonymous,
  type Profile,
  type SessionState,
  type SessionStatus,
  sessionStore,
  setProfile,
} from './session/session-store';
export { useSession } from './session/use-session';
/** The real API's schema objects by name, e.g. `ApiSchema<'Album'>`. */
export type ApiSchema<Name extends keyof import('./api/schema').components['schemas']> =
  import('./api/schema').components['schemas'][Name];
export {
  apiUpload,
  type UploadRequestOptions,
  UploadTransportError,
  type UploadTransportFailure,
} from './api/upload-request';
export {
  LIVE_RECONNECTED,
  type LiveEvent,
  type LiveEventHandler,
  publishLiveEvent,
  subscribeLiveEvent,
} from './live/live-events';
export { enqueue, type PlayerCommands, playNext, playNow, registerPlayer } from './player/player-commands';
export { queueSnapshot, registerQueueSnapshot } from './player/queue-snapshot';
export type { QueueTrack, TrackSource } from './player/queue-track';
export {
  isNoMoreCandidates,
  type ListenEvent,
  RADIO_RETRIES,
  RADIO_RETRY_DELAY_MS,
  RADIO_STORAGE_KEY,
  type RadioCommands,
  type RadioConfig,
  type RadioDeps,
  type RadioPlayer,
  type RadioState,
  type RadioType,
  registerRadio,
  startRadio,
  stopRadio,
} from './player/radio';
export {
  browserProbe,
  type PlayabilityProbe,
  type PlayableApiTrack,
  streamUrl,
  TRANSCODE_MAX_BITRATE,
  toQueueTrack,
} from './player/to-queue-track';
export { useRadio } from './player/use-radio';
