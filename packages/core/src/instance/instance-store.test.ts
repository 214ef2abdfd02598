import { beforeEach, describe, expect, it } from 'vitest';
import { instanceStore, normaliseInstanceUrl, restoreInstance, setInstanceUrl } from './instance-store';

describe('normaliseInstanceUrl', () => {
  it('keeps only the origin, with a trailing slash', () => {
    expect(normaliseInstanceUrl('https://pod.example/some/path?x=1')).toBe('https://pod.example/');
    expect(normaliseInstanceUrl('pod.example:8443')).toBe('https://pod.example:8443/');
    expect(normaliseInstanceUrl('http://127.0.0.1:8080')).toBe('http://127.0.0.1:8080/');
  });

  it('refuses what is not an http address', () => {
    expect(normaliseInstanceUrl('')).toBeNull();
    expect(normaliseInstanceUrl('ftp://pod.example')).toBeNull();
    expect(normaliseInstanceUrl('https://')).toBeNull();
  });
});

describe('instance persistence', () => {
  beforeEach(() => {
    localStorage.clear();
    instanceStore.setState({ url: null, known: [] });
  });

  it('falls back to the front-end default when nothing was chosen', () => {
    restoreInstance('http://127.0.0.1:8080/');
    expect(instanceStore.getState().url).toBe('http://127.0.0.1:8080/');
  });

  it('remembers a chosen pod across visits, ahead of the default', () => {
    setInstanceUrl('https://pod.example');
    instanceStore.setState({ url: null, known: [] });
    restoreInstance('http://127.0.0.1:8080/');
    expect(instanceStore.getState()).toEqual({
      url: 'https://pod.example/',
      known: ['https://pod.example/'],
      generation: null,
    });
  });

  it('stays the placeholder when there is neither a choice nor a default', () => {
    restoreInstance(null);
    expect(instanceStore.getState().url).toBeNull();
  });
});
