import { describe, expect, it } from 'vitest';
import { editRights } from './permissions';

const none = { settings: false, library: false, moderation: false };

describe('editRights', () => {
  it('lets library managers edit, other users suggest, and anonymous visitors neither', () => {
    expect(
      editRights({ status: 'authenticated', permissions: { ...none, library: true } }, { is_local: true }),
    ).toEqual({
      edit: true,
      suggest: false,
    });
    expect(editRights({ status: 'authenticated', permissions: none }, { is_local: true })).toEqual({
      edit: false,
      suggest: true,
    });
    expect(editRights({ status: 'anonymous', permissions: none }, { is_local: true })).toEqual({
      edit: false,
      suggest: false,
    });
  });

  it('refuses both on remote objects', () => {
    expect(
      editRights({ status: 'authenticated', permissions: { ...none, library: true } }, { is_local: false }),
    ).toEqual({
      edit: false,
      suggest: false,
    });
  });
});
