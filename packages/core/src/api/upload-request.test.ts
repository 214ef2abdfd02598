import { beforeEach, describe, expect, it } from 'vitest';
import { tokenStore } from '../auth/token-store';
import { ApiError } from '../errors/api-error';
import { apiUpload, UploadTransportError } from './upload-request';

class FakeRequest {
  static last: FakeRequest;
  headers: Record<string, string> = {};
  method = '';
  url = '';
  body: unknown;
  status = 0;
  responseText = '';
  timeout = 0;
  upload: { onprogress: ((event: ProgressEvent) => void) | null } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  ontimeout: (() => void) | null = null;
  onabort: (() => void) | null = null;
  constructor() {
    FakeRequest.last = this;
  }
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  getAllResponseHeaders() {
    return 'content-type: application/json\r\n';
  }
  send(body: unknown) {
    this.body = body;
  }
  abort() {
    this.onabort?.();
  }
  answer(status: number, body: unknown) {
    this.status = status;
    this.responseText = JSON.stringify(body);
    this.onload?.();
  }
}

const make = () => new FakeRequest() as unknown as XMLHttpRequest;

describe('apiUpload', () => {
  beforeEach(() => {
    tokenStore.setState({ tokens: { accessToken: 'tok', refreshToken: 'r', clientId: 'c', clientSecret: 's' } });
  });

  it('posts the form with credentials and reports progress', async () => {
    const seen: number[] = [];
    const form = new FormData();
    const done = apiUpload<{ guid: string }>('https://pod/x', form, {
      createRequest: make,
      onProgress: (p) => seen.push(p),
    });
    const request = FakeRequest.last;
    expect(request.method).toBe('POST');
    expect(request.headers.Authorization).toBe('Bearer tok');
    expect(request.body).toBe(form);
    request.upload.onprogress?.({ lengthComputable: true, loaded: 1, total: 4 } as ProgressEvent);
    request.answer(201, { guid: 'g' });
    await expect(done).resolves.toEqual({ guid: 'g' });
    expect(seen).toEqual([25]);
  });

  it('shapes refusals, drops, timeouts and cancellations', async () => {
    const refused = apiUpload('https://pod/x', new FormData(), { createRequest: make });
    FakeRequest.last.answer(400, { non_field_errors: ['upload_quota_reached'] });
    await expect(refused).rejects.toBeInstanceOf(ApiError);

    const dropped = apiUpload('https://pod/x', new FormData(), { createRequest: make });
    FakeRequest.last.onerror?.();
    await expect(dropped).rejects.toEqual(new UploadTransportError('network'));

    const slow = apiUpload('https://pod/x', new FormData(), { createRequest: make });
    FakeRequest.last.ontimeout?.();
    await expect(slow).rejects.toMatchObject({ kind: 'timeout' });

    const controller = new AbortController();
    const cancelled = apiUpload('https://pod/x', new FormData(), { createRequest: make, signal: controller.signal });
    controller.abort();
    await expect(cancelled).rejects.toMatchObject({ name: 'AbortError' });
  });
});
