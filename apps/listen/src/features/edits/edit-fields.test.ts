import { describe, expect, it } from 'vitest';
import type { AlbumSummary, Track } from '../catalogue/types';
import { buildPayload, displayValue, initialValues } from './edit-fields';
import { editStatus } from './types';

const track: Track = {
  id: 3,
  title: 'Tide',
  listen_url: '/x',
  position: 2,
  copyright: '2021 Shoal',
  license: 'cc-by-4.0',
  tags: ['ambient'],
  description: { text: 'Calm', html: '<p>Calm</p>' },
};

describe('edit fields', () => {
  it('starts from what the object says', () => {
    expect(initialValues('track', track)).toEqual({
      title: 'Tide',
      position: '2',
      copyright: '2021 Shoal',
      license: 'cc-by-4.0',
      description: 'Calm',
      tags: ['ambient'],
    });
    const album: AlbumSummary = { id: 1, title: 'Sea', release_date: '2020-05-01T00:00:00Z' };
    expect(initialValues('album', album)).toEqual({
      title: 'Sea',
      release_date: '2020-05-01',
      description: '',
      tags: [],
    });
  });

  it('sends only the changed fields, in the API shapes', () => {
    const initial = initialValues('track', track);
    expect(buildPayload('track', initial, initial)).toEqual({});
    expect(
      buildPayload('track', initial, { ...initial, title: ' Tides ', position: '4', tags: ['ambient', 'calm'] }),
    ).toEqual({ title: 'Tides', position: 4, tags: ['ambient', 'calm'] });
    expect(buildPayload('track', initial, { ...initial, tags: ['ambient'], title: 'Tide ' })).toEqual({});
  });

  it('clears a description or licence with null, and sends Markdown otherwise', () => {
    const initial = initialValues('track', track);
    expect(buildPayload('track', initial, { ...initial, description: '  ', license: '' })).toEqual({
      description: null,
      license: null,
    });
    expect(buildPayload('track', initial, { ...initial, description: '**Calmer**' })).toEqual({
      description: { content_type: 'text/markdown', text: '**Calmer**' },
    });
  });

  it('shows values as text and tells the status', () => {
    expect(displayValue('description', { text: 'Hi', content_type: 'text/markdown' })).toBe('Hi');
    expect(displayValue('tags', ['a', 'b'])).toBe('a, b');
    expect(displayValue('title', null)).toBe('');
    expect(editStatus({ is_approved: null, is_applied: false })).toBe('pending');
    expect(editStatus({ is_approved: true, is_applied: true })).toBe('applied');
    expect(editStatus({ is_approved: true, is_applied: false })).toBe('approved');
    expect(editStatus({ is_approved: false, is_applied: false })).toBe('rejected');
  });
});
