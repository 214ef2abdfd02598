import { describe, expect, it } from 'vitest';
import { readStartQuery } from './start-query';

describe('readStartQuery', () => {
  it('reads _url and _server and removes them from the address', () => {
    expect(
      readStartQuery('http://shoal.test/?_url=%2Flibrary%2Falbums&_server=https%3A%2F%2Fpod.example&x=1#h'),
    ).toEqual({
      startPath: '/library/albums',
      server: 'https://pod.example',
      cleanedUrl: '/?x=1#h',
    });
  });

  it('ignores an _url leading off the origin', () => {
    expect(readStartQuery('http://shoal.test/?_url=%2F%2Fevil.example').startPath).toBeNull();
    expect(readStartQuery('http://shoal.test/?_url=javascript%3Aalert(1)').startPath).toBeNull();
  });

  it('turns /index.html and /front into the index, keeping query and hash', () => {
    expect(readStartQuery('http://shoal.test/index.html?a=1#b').cleanedUrl).toBe('/?a=1#b');
    expect(readStartQuery('http://shoal.test/front?a=1').cleanedUrl).toBe('/?a=1');
  });

  it('leaves an ordinary address untouched', () => {
    expect(readStartQuery('http://shoal.test/library?page=2').cleanedUrl).toBeNull();
  });
});
