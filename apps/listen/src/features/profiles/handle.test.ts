import { describe, expect, it } from 'vitest';
import { domainOf, fullUsername, needsLoginFor, parseHandle } from './handle';

describe('profile handles', () => {
  it('reads @name and @name@domain, and refuses anything else', () => {
    expect(parseHandle('@ann')).toEqual({ username: 'ann', domain: null });
    expect(parseHandle('@ann@pod.example:8443')).toEqual({ username: 'ann', domain: 'pod.example:8443' });
    expect(parseHandle('ann')).toBeNull();
    expect(parseHandle('@')).toBeNull();
    expect(parseHandle('@ann@')).toBeNull();
    expect(parseHandle('@a@b@c')).toBeNull();
  });

  it('keeps the port in the own domain, as federation ids do', () => {
    expect(domainOf('http://127.0.0.1:5000/')).toBe('127.0.0.1:5000');
    expect(domainOf('https://pod.example/')).toBe('pod.example');
    expect(domainOf(null)).toBeNull();
    expect(fullUsername({ username: 'ann', domain: null }, 'pod.example')).toBe('ann@pod.example');
  });

  it('sends visitors to login only for another domain', () => {
    const remote = { username: 'ann', domain: 'elsewhere.example' };
    expect(needsLoginFor(remote, 'pod.example', false)).toBe(true);
    expect(needsLoginFor(remote, 'pod.example', true)).toBe(false);
    expect(needsLoginFor({ username: 'ann', domain: 'POD.example' }, 'pod.example', false)).toBe(false);
    expect(needsLoginFor({ username: 'ann', domain: null }, 'pod.example', false)).toBe(false);
  });
});
