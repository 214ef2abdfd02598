/** Why a remote object or a feed could not be fetched (calls.md §8.3, the fetch error kinds) (en-US). */
export const searchEnUS = {
  'search.reason.connection': 'The other server could not be reached.',
  'search.reason.http': 'The other server answered with an error (HTTP {status}).',
  'search.reason.timeout': 'The other server took too long to answer.',
  'search.reason.invalid_json': 'The other server did not answer with valid JSON.',
  'search.reason.validation': 'The object has missing or invalid attributes.',
  'search.reason.unknown': 'An unknown error occurred.',
  'search.reason.pending': 'The pod is still fetching it: try again in a moment.',
  'search.rssUnavailable': 'This pod does not subscribe to RSS feeds.',
} as const;
