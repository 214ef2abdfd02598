import { tokenStore } from '../auth/token-store';
import { ApiError } from '../errors/api-error';
import { messagesForResponse } from '../errors/response-messages';
import { readCookie } from './cookies';

/** Why a file upload did not reach the pod, besides the pod's own answer. */
export type UploadTransportFailure = 'network' | 'timeout';

/** Raised when the request never got an answer (`kind`), so screens can name the cause. */
export class UploadTransportError extends Error {
  constructor(readonly kind: UploadTransportFailure) {
    super(kind === 'timeout' ? 'The upload timed out' : 'The upload could not reach the pod');
    this.name = 'UploadTransportError';
  }
}

export interface UploadRequestOptions {
  /** Called with 0–100 as the body is sent. */
  onProgress?: (percent: number) => void;
  signal?: AbortSignal;
  /** Milliseconds without an answer before giving up; 0 means never. */
  timeout?: number;
  /** Test seam: how the request object is made. */
  createRequest?: () => XMLHttpRequest;
}

function parseBody(text: string): unknown {
  if (!text) return null;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

function headersOf(request: XMLHttpRequest): Headers {
  const headers = new Headers();
  for (const line of request
    .getAllResponseHeaders()
    .trim()
    .split(/[\r\n]+/)) {
    const index = line.indexOf(':');
    if (index > 0) headers.append(line.slice(0, index).trim(), line.slice(index + 1).trim());
  }
  return headers;
}

/**
 * POSTs a multipart form to an absolute pod URL with upload progress, which `fetch` cannot report.
 * Same credentials and error shaping as `apiRequest`; an aborted request rejects with an
 * `AbortError` (the client's ERR_CANCELED), a dropped connection or a timeout with
 * `UploadTransportError`, any other answer outside 2xx with `ApiError`.
 */
export function apiUpload<T>(url: string, form: FormData, options: UploadRequestOptions = {}): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const request = options.createRequest?.() ?? new XMLHttpRequest();
    const abort = () => request.abort();
    if (options.signal?.aborted) {
      reject(new DOMException('The upload was cancelled', 'AbortError'));
      return;
    }
    options.signal?.addEventListener('abort', abort, { once: true });
    const done = () => options.signal?.removeEventListener('abort', abort);

    request.open('POST', url);
    request.setRequestHeader('Accept', 'application/json');
    const csrf = readCookie('csrftoken');
    if (csrf) request.setRequestHeader('X-CSRFToken', csrf);
    const tokens = tokenStore.getState().tokens;
    if (tokens) request.setRequestHeader('Authorization', `Bearer ${tokens.accessToken}`);
    request.timeout = options.timeout ?? 0;

    request.upload.onprogress = (event: ProgressEvent) => {
      if (event.lengthComputable && event.total > 0) {
        options.onProgress?.(Math.min(100, Math.round((event.loaded / event.total) * 100)));
      }
    };
    request.onload = () => {
      done();
      const body = parseBody(request.responseText);
      if (request.status >= 200 && request.status < 300) {
        resolve(body as T);
        return;
      }
      const headers = headersOf(request);
      reject(new ApiError(request.status, messagesForResponse(request.status, body, headers), body, headers));
    };
    request.onerror = () => {
      done();
      reject(new UploadTransportError('network'));
    };
    request.ontimeout = () => {
      done();
      reject(new UploadTransportError('timeout'));
    };
    request.onabort = () => {
      done();
      reject(new DOMException('The upload was cancelled', 'AbortError'));
    };
    request.send(form);
  });
}
