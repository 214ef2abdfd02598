import { describe, expect, it } from 'vitest';
import { formatDelay, messagesForResponse, NO_MORE_RADIO_CANDIDATES, readRateLimit } from './response-messages';

const none = new Headers();

describe('messagesForResponse', () => {
  it('uses the detail of a 404 when there is one, else says the resource is not found', () => {
    expect(messagesForResponse(404, { detail: 'No Album matches the given query.' }, none)).toEqual([
      'No Album matches the given query.',
    ]);
    expect(messagesForResponse(404, null, none)).toEqual(['Resource not found']);
    expect(messagesForResponse(404, { detail: NO_MORE_RADIO_CANDIDATES }, none)).toEqual([NO_MORE_RADIO_CANDIDATES]);
  });

  it('says permission denied on a 403', () => {
    expect(messagesForResponse(403, { detail: 'You do not have permission to perform this action.' }, none)).toEqual([
      'Permission denied',
    ]);
  });

  it('says a server error occurred on a 500', () => {
    expect(messagesForResponse(500, '<html>Traceback…</html>', none)).toEqual(['A server error occurred']);
  });

  it('tells when to try again after a 429', () => {
    expect(messagesForResponse(429, null, new Headers({ 'Retry-After': '30' }))).toEqual([
      'Too many requests: try again in 30 seconds.',
    ]);
    expect(messagesForResponse(429, null, none)).toEqual(['Too many requests: try again later.']);
  });

  it('prefers the detail, then the flattened field errors, for other statuses', () => {
    expect(messagesForResponse(400, { detail: 'Invalid token.' }, none)).toEqual(['Invalid token.']);
    expect(messagesForResponse(400, { username: ['This field is required.'] }, none)).toEqual([
      'Username: This field is required.',
    ]);
    expect(messagesForResponse(502, { detail: 'The pod cannot be reached.' }, none)).toEqual([
      'The pod cannot be reached.',
    ]);
  });
});

describe('readRateLimit', () => {
  it('reads the limit, remaining, duration and reset headers', () => {
    const headers = new Headers({
      'X-RateLimit-Limit': '60',
      'X-RateLimit-Remaining': '0',
      'X-RateLimit-Duration': '3600',
      'X-RateLimit-ResetSeconds': '125',
    });
    expect(readRateLimit(headers)).toEqual({ limit: 60, remaining: 0, duration: 3600, resetSeconds: 125 });
  });
});

describe('formatDelay', () => {
  it('speaks in seconds under a minute, else in whole minutes', () => {
    expect(formatDelay(1)).toBe('1 second');
    expect(formatDelay(59.2)).toBe('1 minute');
    expect(formatDelay(125)).toBe('3 minutes');
  });
});
