import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

// The module keeps page-wide state: each test loads a fresh copy.
async function fresh() {
  vi.resetModules();
  return import('./content-shown');
}

beforeEach(() => {
  document.body.innerHTML = '<main id="main"></main>';
});
afterEach(() => {
  document.body.innerHTML = '';
});

const settle = () => new Promise((done) => setTimeout(done, 100));

describe('content shown', () => {
  it('fires after a titled host page is committed', async () => {
    const shown = await fresh();
    document.getElementById('main')?.insertAdjacentHTML('beforeend', '<h1>Log in</h1>');
    shown.contentCommitted();
    await shown.whenContentShown();
    expect(shown.isContentShown()).toBe(true);
  });

  it('waits while a remote holds it, then for the remote screen title', async () => {
    const shown = await fresh();
    const release = shown.holdContentShown();
    shown.contentCommitted();
    await settle();
    expect(shown.isContentShown()).toBe(false);

    release();
    // The remote's screen is committed with its loading state first: no title yet.
    shown.contentCommitted();
    await settle();
    expect(shown.isContentShown()).toBe(false);

    document.getElementById('main')?.insertAdjacentHTML('beforeend', '<section><h1>Library</h1></section>');
    await shown.whenContentShown();
    expect(shown.isContentShown()).toBe(true);
  });

  it('counts an untitled error panel as shown', async () => {
    const shown = await fresh();
    shown.contentCommitted({ untitled: true });
    await shown.whenContentShown();
    expect(shown.isContentShown()).toBe(true);
  });
});
