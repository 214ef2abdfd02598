import { descriptionPayload, type PillItem, presetItems } from '@shoal/ui';

/** What the channel form edits, as the fields hold it (text, and the tags as pills). */
export interface ChannelFormValues {
  name: string;
  username: string;
  description: string;
  tags: PillItem[];
  itunesCategory: string;
  itunesSubcategory: string;
  language: string;
  ownerEmail: string;
}

/** A channel as `channels/{uuid}/` gives it (schema Channel): the fields the edit form reads. */
export interface EditableChannel {
  uuid: string;
  artist: {
    name: string;
    content_category?: string;
    description?: { text?: string | null } | null;
    tags?: string[];
    cover?: { urls?: { medium_square_crop?: string | null; original?: string | null } } | null;
  };
  actor?: { preferred_username?: string; full_username?: string } | null;
  attributed_to?: { full_username?: string } | null;
  metadata?: Record<string, unknown> | null;
}

export const DEFAULT_LANGUAGE = 'en';

export function emptyValues(itunesCategory = ''): ChannelFormValues {
  return {
    name: '',
    username: '',
    description: '',
    tags: [],
    itunesCategory,
    itunesSubcategory: '',
    language: DEFAULT_LANGUAGE,
    ownerEmail: '',
  };
}

const text = (value: unknown): string => (typeof value === 'string' ? value : '');

/** The form's starting values for an existing channel. */
export function valuesOf(channel: EditableChannel): ChannelFormValues {
  const metadata = channel.metadata ?? {};
  return {
    name: channel.artist.name,
    username: channel.actor?.preferred_username ?? '',
    description: channel.artist.description?.text ?? '',
    tags: presetItems(channel.artist.tags ?? []),
    itunesCategory: text(metadata.itunes_category),
    itunesSubcategory: text(metadata.itunes_subcategory),
    language: text(metadata.language) || DEFAULT_LANGUAGE,
    ownerEmail: text(metadata.owner_email),
  };
}

export type FormProblem = 'name' | 'username';

/** What the browser can tell before sending (the pod checks again). The username is only checked on creation. */
export function formProblems(values: ChannelFormValues, creating: boolean): FormProblem[] {
  const problems: FormProblem[] = [];
  if (!values.name.trim()) problems.push('name');
  if (creating && !/^\w+$/.test(values.username)) problems.push('username');
  return problems;
}

/**
 * The metadata sent: a podcast's iTunes category (and subcategory when chosen), language, and
 * contact e-mail when given, over what the channel already had (owner name, explicit…).
 */
export function metadataOf(
  values: ChannelFormValues,
  category: string,
  ownerName: string,
  previous: Record<string, unknown> = {},
): Record<string, unknown> {
  if (category !== 'podcast') return previous;
  const metadata: Record<string, unknown> = {
    ...previous,
    itunes_category: values.itunesCategory,
    owner_name: text(previous.owner_name) || ownerName,
    language: values.language,
  };
  if (values.itunesSubcategory) metadata.itunes_subcategory = values.itunesSubcategory;
  else delete metadata.itunes_subcategory;
  if (values.ownerEmail.trim()) metadata.owner_email = values.ownerEmail.trim();
  else delete metadata.owner_email;
  return metadata;
}

/** The fields common to ChannelCreateRequest and ChannelUpdateRequest. */
export function commonFields(values: ChannelFormValues) {
  return {
    name: values.name.trim(),
    description: descriptionPayload(values.description),
    tags: values.tags.map((item) => item.label).filter(Boolean),
  };
}
