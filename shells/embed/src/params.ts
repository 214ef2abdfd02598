export type EmbedKind = 'track' | 'album' | 'artist' | 'channel';

export interface EmbedTarget {
  kind: EmbedKind;
  /** A positive integer for tracks, albums and artists; a channel's uuid. */
  id: string;
}

const KINDS: readonly EmbedKind[] = ['track', 'album', 'artist', 'channel'];
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Reads `?type=…&id=…`; null when either is missing or malformed (nothing is requested then). */
export function parseTarget(search: string): EmbedTarget | null {
  const params = new URLSearchParams(search);
  const kind = params.get('type') as EmbedKind | null;
  const id = params.get('id')?.trim() ?? '';
  if (!kind || !KINDS.includes(kind)) return null;
  if (kind === 'channel') return UUID.test(id) ? { kind, id: id.toLowerCase() } : null;
  return /^[1-9]\d{0,15}$/.test(id) ? { kind, id } : null;
}

/** The object's page in Shoal, on the same gateway (the "open on the pod" link). */
export function objectPath({ kind, id }: EmbedTarget): string {
  return kind === 'channel' ? `/channels/${id}` : `/library/${kind}s/${id}`;
}
