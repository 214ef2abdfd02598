export type EmbedKind = 'artist' | 'album' | 'track';

/** The iframe snippet another site pastes to play an object from this pod (the gateway lets `/embed` be framed). */
export function embedSnippet(origin: string, kind: EmbedKind, id: number | string): string {
  const src = `${origin.replace(/\/$/, '')}/embed?type=${kind}&id=${encodeURIComponent(String(id))}`;
  const height = kind === 'track' ? 150 : 400;
  return `<iframe width="100%" height="${height}" scrolling="no" frameborder="no" src="${src}"></iframe>`;
}
