export type EmbedKind = 'artist' | 'album' | 'track' | 'channel';
export type WidthUnit = '%' | 'px';

export interface EmbedSize {
  width: number;
  widthUnit: WidthUnit;
  /** Pixels. */
  height: number;
}

/** The height presets of the embed wizard: a single track fits the smallest, lists want more room. */
export const HEIGHT_PRESETS = [150, 250, 400, 600] as const;
/** Accepted widths: a player narrower than this cannot show its controls. */
export const WIDTH_LIMITS: Record<WidthUnit, { min: number; max: number }> = {
  '%': { min: 10, max: 100 },
  px: { min: 200, max: 3000 },
};

export function defaultEmbedSize(kind: EmbedKind): EmbedSize {
  return { width: 100, widthUnit: '%', height: kind === 'track' ? 150 : 400 };
}

/** Why a width cannot be used, or null when it can. */
export function widthProblem(width: number, unit: WidthUnit): 'notWhole' | 'tooSmall' | 'tooLarge' | null {
  if (!Number.isInteger(width)) return 'notWhole';
  if (width < WIDTH_LIMITS[unit].min) return 'tooSmall';
  if (width > WIDTH_LIMITS[unit].max) return 'tooLarge';
  return null;
}

/** The embed player's address for one object (served by the gateway at `/embed`). */
export function embedUrl(origin: string, kind: EmbedKind, id: number | string): string {
  return `${origin.replace(/\/$/, '')}/embed?type=${kind}&id=${encodeURIComponent(String(id))}`;
}

const attribute = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/**
 * The iframe snippet another site pastes to play an object from this pod (the gateway lets `/embed`
 * be framed). `title` names the frame for assistive technology. The address needs no escaping: its
 * id is URI-encoded, and a bare `&` before `id=` is valid in an HTML attribute.
 */
export function embedSnippet(
  origin: string,
  kind: EmbedKind,
  id: number | string,
  size: EmbedSize = defaultEmbedSize(kind),
  title?: string,
): string {
  const width = size.widthUnit === '%' ? `${size.width}%` : String(size.width);
  const named = title ? ` title="${attribute(title)}"` : '';
  return `<iframe width="${width}" height="${size.height}" scrolling="no" frameborder="no"${named} src="${embedUrl(origin, kind, id)}"></iframe>`;
}
