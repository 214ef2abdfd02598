import type { RadioType } from '@shoal/core';

/** One filter of a custom radio as the pod stores it (`not` is the exclude flag). */
export interface RadioFilter {
  type: 'tag' | 'artist';
  names?: string[];
  ids?: number[];
  not?: boolean;
  [extra: string]: unknown;
}

export interface Radio {
  id: number;
  name: string;
  description: string | null;
  is_public: boolean;
  creation_date: string;
  user: { id: number; username: string };
  config: RadioFilter[];
}

export interface RadioInput {
  name: string;
  description: string;
  is_public: boolean;
  config: RadioFilter[];
}

/** `radios/radios/validate/`: one result per filter. */
export interface FilterCheck {
  errors: string[];
  candidates: { count: number | null };
}

/** The radios every pod offers, started without a custom radio. */
export const BUILTIN_RADIOS = [
  'random',
  'random_library',
  'favorites',
  'less-listened',
  'recently-added',
] as const satisfies readonly RadioType[];
export type BuiltinRadio = (typeof BUILTIN_RADIOS)[number];
