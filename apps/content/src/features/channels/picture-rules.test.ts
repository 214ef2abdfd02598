import { describe, expect, it } from 'vitest';
import { checkPicture, PICTURE_MAX_BYTES, pictureProblem } from './picture-rules';

const facts = { type: 'image/png', size: 1000, width: 1400, height: 1400 };

describe('channel picture rules', () => {
  it('accepts square PNG or JPG from 1400 to 3000 px and up to 5 MB', () => {
    expect(pictureProblem(facts)).toBeNull();
    expect(pictureProblem({ ...facts, type: 'image/jpeg', width: 3000, height: 3000 })).toBeNull();
    expect(pictureProblem({ ...facts, size: PICTURE_MAX_BYTES })).toBeNull();
  });

  it('names the first broken rule', () => {
    expect(pictureProblem({ ...facts, type: 'image/gif' })).toBe('type');
    expect(pictureProblem({ ...facts, size: PICTURE_MAX_BYTES + 1 })).toBe('size');
    expect(pictureProblem({ ...facts, width: 500, height: 500 })).toBe('dimensions');
    expect(pictureProblem({ ...facts, width: 3001 })).toBe('dimensions');
    expect(pictureProblem({ ...facts, height: 1399 })).toBe('dimensions');
    expect(pictureProblem({ ...facts, width: 2000, height: 1800 })).toBe('dimensions');
  });

  it('does not decode a file of the wrong type, and reports an unreadable one', async () => {
    let measured = 0;
    const measure = async () => {
      measured += 1;
      return null;
    };
    expect(await checkPicture(new File(['x'], 'a.gif', { type: 'image/gif' }), measure)).toBe('type');
    expect(measured).toBe(0);
    expect(await checkPicture(new File(['x'], 'a.png', { type: 'image/png' }), measure)).toBe('unreadable');
    expect(
      await checkPicture(new File(['x'], 'a.png', { type: 'image/png' }), async () => ({ width: 500, height: 500 })),
    ).toBe('dimensions');
  });
});
