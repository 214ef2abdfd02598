import { describe, expect, it } from 'vitest';
import { commonFields, emptyValues, formProblems, metadataOf, valuesOf } from './channel-form';

describe('the channel form values', () => {
  it('reads a channel and writes the fields a real pod takes', () => {
    const values = valuesOf({
      uuid: 'c1',
      artist: { name: 'Tide', description: null, tags: ['a', 'b'] },
      actor: { preferred_username: 'tide' },
      metadata: { itunes_category: 'News', language: 'de', owner_email: 'x@y.example' },
    });
    expect(values).toMatchObject({ name: 'Tide', username: 'tide', description: '', language: 'de' });
    expect(values.tags.map((item) => item.label)).toEqual(['a', 'b']);
    expect(commonFields({ ...values, name: '  Tide  ', description: 'Hi' })).toEqual({
      name: 'Tide',
      description: { content_type: 'text/markdown', text: 'Hi' },
      tags: ['a', 'b'],
    });
  });

  it('sends the pills as tags, leaving out one emptied and not confirmed', () => {
    const values = valuesOf({ uuid: 'c1', artist: { name: 'Tide', tags: ['sea'] } });
    const tags = [
      ...values.tags,
      { key: 'new', label: 'talk', custom: true },
      { key: 'blank', label: '', custom: true },
    ];
    expect(commonFields({ ...values, tags }).tags).toEqual(['sea', 'talk']);
  });

  it('keeps the metadata it does not edit, drops an empty e-mail and subcategory', () => {
    const values = { ...emptyValues('Arts'), ownerEmail: ' ', itunesSubcategory: '' };
    expect(
      metadataOf(values, 'podcast', 'me', {
        explicit: true,
        owner_email: 'old@x.example',
        itunes_subcategory: 'Design',
      }),
    ).toEqual({
      explicit: true,
      itunes_category: 'Arts',
      owner_name: 'me',
      language: 'en',
    });
    expect(metadataOf(values, 'music', 'me', { a: 1 })).toEqual({ a: 1 });
  });

  it('checks the name always and the username only when creating', () => {
    const values = { ...emptyValues(), name: ' ', username: 'bad name' };
    expect(formProblems(values, true)).toEqual(['name', 'username']);
    expect(formProblems(values, false)).toEqual(['name']);
  });
});
