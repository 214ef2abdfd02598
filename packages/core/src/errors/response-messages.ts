import { flattenFieldErrors } from './flatten-field-errors';

export const RESOURCE_NOT_FOUND = 'Resource not found';
export const PERMISSION_DENIED = 'Permission denied';
export const SERVER_ERROR = 'A server error occurred';
/** Kept word for word: the radio flow recognises it and shows it its own way (calls.md §8.1). */
export const NO_MORE_RADIO_CANDIDATES = "Radio doesn't have more candidates";

export interface RateLimit {
  limit: number | null;
  remaining: number | null;
  duration: number | null;
  /** Seconds until the client may call again, when the pod says. */
  resetSeconds: number | null;
}

function numberHeader(headers: Headers, ...names: string[]): number | null {
  for (const name of names) {
    const value = headers.get(name);
    if (value !== null && value.trim() !== '' && Number.isFinite(Number(value))) return Number(value);
  }
  return null;
}

/** The rate-limit headers a pod sends with a 429 (calls.md §7.1). */
export function readRateLimit(headers: Headers): RateLimit {
  return {
    limit: numberHeader(headers, 'X-RateLimit-Limit'),
    remaining: numberHeader(headers, 'X-RateLimit-Remaining'),
    duration: numberHeader(headers, 'X-RateLimit-Duration'),
    resetSeconds: numberHeader(headers, 'X-RateLimit-ResetSeconds', 'Retry-After'),
  };
}

export function formatDelay(seconds: number): string {
  const rounded = Math.max(1, Math.ceil(seconds));
  if (rounded < 60) return `${rounded} second${rounded === 1 ? '' : 's'}`;
  const minutes = Math.ceil(rounded / 60);
  return `${minutes} minute${minutes === 1 ? '' : 's'}`;
}

export function tooManyRequestsMessage(rateLimit: RateLimit): string {
  return rateLimit.resetSeconds !== null
    ? `Too many requests: try again in ${formatDelay(rateLimit.resetSeconds)}.`
    : 'Too many requests: try again later.';
}

/** What to tell the user about a failed answer, by status (calls.md §8.1). */
export function messagesForResponse(status: number, body: unknown, headers: Headers): string[] {
  const detail = (body as { detail?: unknown } | null)?.detail;
  const detailText = typeof detail === 'string' && detail.trim() !== '' ? detail : null;
  if (status === 404) return [detailText ?? RESOURCE_NOT_FOUND];
  if (status === 403) return [PERMISSION_DENIED];
  if (status === 429) return [tooManyRequestsMessage(readRateLimit(headers))];
  if (status === 500) return [SERVER_ERROR];
  if (detailText) return [detailText];
  const fields = flattenFieldErrors(body);
  return fields.length > 0 ? fields : [`The pod answered with an error (HTTP ${status}).`];
}
