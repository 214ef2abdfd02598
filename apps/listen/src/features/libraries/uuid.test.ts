import { describe, expect, it } from 'vitest';
import { isUuid } from './uuid';

describe('isUuid', () => {
  it('accepts the 8-4-4-4-12 hex pattern only', () => {
    expect(isUuid('09977e27-cb58-448b-b69b-4a587bd59d56')).toBe(true);
    expect(isUuid('09977E27-CB58-448B-B69B-4A587BD59D56')).toBe(true);
    expect(isUuid('artists')).toBe(false);
    expect(isUuid('09977e27-cb58-448b-b69b-4a587bd59d5')).toBe(false);
    expect(isUuid('09977e27-cb58-448b-b69b-4a587bd59d56x')).toBe(false);
    expect(isUuid('g9977e27-cb58-448b-b69b-4a587bd59d56')).toBe(false);
    expect(isUuid(undefined)).toBe(false);
  });
});
