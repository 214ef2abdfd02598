import { describe, expect, it } from 'vitest';
import { rewriteUserLinks } from './user-links';

const pod = 'https://pod.example/';
const parse = (html: string) => {
  const template = document.createElement('template');
  template.innerHTML = rewriteUserLinks(html, pod);
  return Array.from(template.content.querySelectorAll('a')).map((a) => ({
    href: a.getAttribute('href'),
    text: a.textContent,
    target: a.getAttribute('target'),
    rel: a.getAttribute('rel'),
  }));
};

describe('rewriteUserLinks', () => {
  it('links #tags to the tag page', () => {
    expect(parse('<p>Some #ambient and #lo-fi</p>')).toEqual([
      { href: '/library/tags/ambient', text: '#ambient', target: null, rel: null },
      { href: '/library/tags/lo-fi', text: '#lo-fi', target: null, rel: null },
    ]);
  });

  it('links @names, local or remote, to the profile', () => {
    expect(parse('<p>Thanks @alice and @bob@other.example!</p>').map((link) => link.href)).toEqual([
      '/@alice',
      '/@bob@other.example',
    ]);
  });

  it('leaves mid-word signs, e-mail addresses and code alone', () => {
    expect(parse('<p>C#sharp mail@host.example <code>#notatag</code></p>')).toEqual([]);
  });

  it('opens other hosts in a new tab without opener or referrer', () => {
    expect(parse('<a href="https://elsewhere.example/page">x</a>')).toEqual([
      { href: 'https://elsewhere.example/page', text: 'x', target: '_blank', rel: 'noopener noreferrer' },
    ]);
  });

  it('keeps same-host links in the tab as in-app paths', () => {
    expect(parse('<a href="https://pod.example/library/albums/3?x=1#t" target="_blank">x</a>')).toEqual([
      { href: '/library/albums/3?x=1#t', text: 'x', target: null, rel: null },
    ]);
  });

  it('leads federated hashtags and mentions into the app', () => {
    const html =
      '<a class="mention hashtag" href="https://social.example/tags/jazz">#<span>jazz</span></a>' +
      '<a class="u-url mention" href="https://social.example/@carol">@<span>carol</span></a>';
    expect(parse(html).map((link) => link.href)).toEqual(['/library/tags/jazz', '/@carol@social.example']);
  });

  it('drops script links', () => {
    expect(parse('<a href="javascript:alert(1)">x</a>')[0]?.href).toBeNull();
  });
});
