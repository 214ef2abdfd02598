import { describe, expect, it } from 'vitest';
import { flattenFieldErrors } from './flatten-field-errors';

describe('flattenFieldErrors', () => {
  it('uses string array items as they are', () => {
    expect(flattenFieldErrors({ name: ['Ensure this value has at most 255 characters.'] })).toEqual([
      'Ensure this value has at most 255 characters.',
    ]);
  });

  it('prefixes a "this field" message with the capitalised, spaced field label', () => {
    expect(flattenFieldErrors({ password_confirmation: ['This field is required.'] })).toEqual([
      'Password confirmation: This field is required.',
    ]);
  });

  it('matches "this field" whatever its case', () => {
    expect(flattenFieldErrors({ email: 'Enter a value for THIS FIELD.' })).toEqual([
      'Email: Enter a value for THIS FIELD.',
    ]);
  });

  it('uses a string value as it is', () => {
    expect(flattenFieldErrors({ non_field_errors: 'Unable to log in with provided credentials.' })).toEqual([
      'Unable to log in with provided credentials.',
    ]);
  });

  it('prefixes nested objects with the parent label and a dash', () => {
    expect(flattenFieldErrors({ summary: { content_type: ['This field may not be null.'] } })).toEqual([
      'Summary - Content type: This field may not be null.',
    ]);
  });

  it('reads object array items through their code, underscores turned into spaces', () => {
    expect(flattenFieldErrors({ upload: [{ code: 'invalid_file_type', message: 'ignored' }] })).toEqual([
      'invalid file type',
    ]);
  });

  it('replaces every underscore of a key, not only the first', () => {
    expect(flattenFieldErrors({ new_password_two: ['This field is required.'] })).toEqual([
      'New password two: This field is required.',
    ]);
  });

  it('skips items it cannot read and ignores non-objects', () => {
    expect(flattenFieldErrors({ a: [42, null, { other: 1 }] })).toEqual([]);
    expect(flattenFieldErrors('plain text')).toEqual([]);
    expect(flattenFieldErrors(null)).toEqual([]);
    expect(flattenFieldErrors(['x'])).toEqual([]);
  });
});
