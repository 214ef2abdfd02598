/** A failed call, already turned into what the user should read (calls.md §8.1). */
export class ApiError extends Error {
  readonly status: number | null;
  readonly messages: string[];
  readonly body: unknown;
  readonly headers: Headers | null;

  constructor(status: number | null, messages: string[], body: unknown = null, headers: Headers | null = null) {
    super(messages[0] ?? 'Request failed');
    this.name = 'ApiError';
    this.status = status;
    this.messages = messages;
    this.body = body;
    this.headers = headers;
  }
}

export const UNKNOWN_ERROR_MESSAGE =
  'An unknown error occurred, ensure your are connected to the internet and your funkwhale instance is up and running';
