import { describe, expect, it } from 'vitest';
import { base64Url, codeChallengeFor, randomToken } from './pkce';

describe('PKCE helpers', () => {
  it('derives the S256 challenge of RFC 7636’s example verifier', async () => {
    await expect(codeChallengeFor('dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk')).resolves.toBe(
      'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM',
    );
  });

  it('encodes without padding or URL-unsafe characters', () => {
    expect(base64Url(new Uint8Array([251, 255, 191]))).toBe('-_-_');
    expect(randomToken()).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });
});
