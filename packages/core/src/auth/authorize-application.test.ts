import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../errors/api-error';
import { instanceStore } from '../instance/instance-store';
import { authorizeApplication } from './authorize-application';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

describe('authorizeApplication', () => {
  const calls: { url: string; init: RequestInit }[] = [];
  let answer: Response;

  beforeEach(() => {
    calls.length = 0;
    localStorage.clear();
    instanceStore.setState({ url: 'https://pod.example/', known: [] });
    answer = json(200, { code: 'the-code', redirect_uri: 'https://app.example/cb?code=the-code&state=s1' });
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
        calls.push({ url: input.toString(), init });
        return answer;
      }),
    );
  });
  afterEach(() => vi.unstubAllGlobals());

  it('passes on the OAuth parameters the app sent, allows, and asks for a JSON answer', async () => {
    const params = new URLSearchParams({
      client_id: 'cid',
      redirect_uri: 'https://app.example/cb',
      scope: 'read write:favorites',
      response_type: 'code',
      state: 's1',
      code_challenge: 'challenge',
      code_challenge_method: 'S256',
      next: '/library',
      allow: 'false',
    });
    const grant = await authorizeApplication(params);
    expect(grant.code).toBe('the-code');
    expect(calls).toHaveLength(1);
    const [call] = calls;
    expect(call?.url).toBe('https://pod.example/api/v1/oauth/authorize/');
    expect(call?.init.method).toBe('POST');
    expect(new Headers(call?.init.headers).get('X-Requested-With')).toBe('XMLHttpRequest');
    const form = new URLSearchParams(String(call?.init.body));
    expect(Object.fromEntries(form)).toEqual({
      allow: 'true',
      client_id: 'cid',
      redirect_uri: 'https://app.example/cb',
      scope: 'read write:favorites',
      response_type: 'code',
      state: 's1',
      code_challenge: 'challenge',
      code_challenge_method: 'S256',
    });
  });

  it('leaves out the parameters the app did not send', async () => {
    await authorizeApplication(new URLSearchParams({ client_id: 'cid', scope: 'read' }));
    const form = new URLSearchParams(String(calls[0]?.init.body));
    expect([...form.keys()].sort()).toEqual(['allow', 'client_id', 'scope']);
  });

  it('turns a refusal of the pod into the flattened field errors', async () => {
    answer = json(400, { redirect_uri: ['Mismatching redirect URI.'] });
    const error = await authorizeApplication(new URLSearchParams({ client_id: 'cid' })).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).messages).toEqual(['Mismatching redirect URI.']);
  });
});
