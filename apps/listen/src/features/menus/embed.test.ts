import { describe, expect, it } from 'vitest';
import { defaultEmbedSize, embedSnippet, embedUrl, widthProblem } from './embed';

describe('embedSnippet', () => {
  it('builds the iframe snippet for the embed route, with default sizes per kind', () => {
    expect(embedSnippet('https://pod.example/', 'track', 7)).toBe(
      '<iframe width="100%" height="150" scrolling="no" frameborder="no" src="https://pod.example/embed?type=track&id=7"></iframe>',
    );
    expect(defaultEmbedSize('album')).toEqual({ width: 100, widthUnit: '%', height: 400 });
    expect(defaultEmbedSize('channel').height).toBe(400);
  });

  it('uses the chosen width and height, in pixels or percent', () => {
    expect(embedSnippet('https://pod.example', 'album', 3, { width: 480, widthUnit: 'px', height: 250 })).toBe(
      '<iframe width="480" height="250" scrolling="no" frameborder="no" src="https://pod.example/embed?type=album&id=3"></iframe>',
    );
    expect(embedSnippet('https://pod.example', 'album', 3, { width: 50, widthUnit: '%', height: 600 })).toContain(
      'width="50%" height="600"',
    );
  });

  it('names the frame, escaping the name', () => {
    expect(
      embedSnippet('https://pod.example', 'artist', 2, defaultEmbedSize('artist'), 'Shoal player: "A" & <B>'),
    ).toContain(' title="Shoal player: &quot;A&quot; &amp; &lt;B&gt;" src=');
  });

  it('encodes the id in the address', () => {
    expect(embedUrl('https://pod.example/', 'channel', 'a b&c')).toBe(
      'https://pod.example/embed?type=channel&id=a%20b%26c',
    );
  });
});

describe('widthProblem', () => {
  it('accepts whole widths within the limits of the unit', () => {
    expect(widthProblem(100, '%')).toBeNull();
    expect(widthProblem(10, '%')).toBeNull();
    expect(widthProblem(200, 'px')).toBeNull();
    expect(widthProblem(101, '%')).toBe('tooLarge');
    expect(widthProblem(5, '%')).toBe('tooSmall');
    expect(widthProblem(100, 'px')).toBe('tooSmall');
    expect(widthProblem(5000, 'px')).toBe('tooLarge');
    expect(widthProblem(33.5, '%')).toBe('notWhole');
    expect(widthProblem(Number.NaN, 'px')).toBe('notWhole');
  });
});
