import type { Track } from '../catalogue/types';
import type { EditableObject, EditKind } from './types';

/**
 * The fields each object type accepts in an edit (the real API's mutation serialisers: artists
 * take name, category, description and tags; albums title, release date, description and tags;
 * tracks title, position, copyright, licence, description and tags).
 */
export type EditField =
  | 'title'
  | 'name'
  | 'content_category'
  | 'release_date'
  | 'position'
  | 'copyright'
  | 'license'
  | 'description'
  | 'tags';

export const EDIT_FIELDS: Record<EditKind, readonly EditField[]> = {
  artist: ['name', 'content_category', 'description', 'tags'],
  album: ['title', 'release_date', 'description', 'tags'],
  track: ['title', 'position', 'copyright', 'license', 'description', 'tags'],
};

export type FormValues = Partial<Record<EditField, string | string[]>>;

function read(object: EditableObject, field: EditField): unknown {
  return (object as unknown as Record<string, unknown>)[field];
}

/** The form's starting values: what the object says now. */
export function initialValues(kind: EditKind, object: EditableObject): FormValues {
  const values: FormValues = {};
  for (const field of EDIT_FIELDS[kind]) {
    const value = read(object, field);
    if (field === 'tags') values.tags = Array.isArray(value) ? value.map(String) : [];
    else if (field === 'description') values.description = (object.description?.text ?? '') as string;
    else if (field === 'license') values.license = licenseCode((object as Track).license);
    else if (field === 'release_date') values.release_date = typeof value === 'string' ? value.slice(0, 10) : '';
    else values[field] = value === null || value === undefined ? '' : String(value);
  }
  return values;
}

/** A track's licence may come as its code or as the licence object. */
function licenseCode(value: unknown): string {
  if (typeof value === 'string') return value;
  if (value && typeof value === 'object' && 'code' in value) return String((value as { code: unknown }).code);
  return '';
}

const sameTags = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && [...a].sort().join('\u0000') === [...b].sort().join('\u0000');

/**
 * The edit's payload: only the fields that changed, in the shapes the API takes (an emptied
 * description or licence as null, a position as a number, tags as a list of names).
 */
export function buildPayload(kind: EditKind, initial: FormValues, current: FormValues): Record<string, unknown> {
  const payload: Record<string, unknown> = {};
  for (const field of EDIT_FIELDS[kind]) {
    const before = initial[field];
    const after = current[field];
    if (field === 'tags') {
      const tags = (Array.isArray(after) ? after : []).filter((tag) => tag !== '');
      if (!sameTags(Array.isArray(before) ? before : [], tags)) payload.tags = tags;
      continue;
    }
    const next = typeof after === 'string' ? after : '';
    const previous = typeof before === 'string' ? before : '';
    if (field === 'description') {
      if (next.trim() !== previous.trim()) {
        payload.description = next.trim() === '' ? null : { content_type: 'text/markdown', text: next };
      }
      continue;
    }
    if (next.trim() === previous.trim()) continue;
    const trimmed = next.trim();
    if (field === 'position') payload.position = trimmed === '' ? null : Number(trimmed);
    else if (field === 'license' || field === 'release_date') payload[field] = trimmed === '' ? null : trimmed;
    else payload[field] = trimmed;
  }
  return payload;
}

/** An edit's value as text for the old / new columns. */
export function displayValue(field: string, value: unknown): string {
  if (value === null || value === undefined) return '';
  if (field === 'description' && typeof value === 'object' && value !== null) {
    return String((value as { text?: unknown }).text ?? '');
  }
  if (Array.isArray(value)) return value.map(String).join(', ');
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}
