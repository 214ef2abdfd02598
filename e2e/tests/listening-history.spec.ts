import { expect, type Page, test } from '@playwright/test';
import { installAudioProbe, playingTime } from '../support/audio-probe';
import { signIn } from '../support/sign-in';

interface Listening {
  track: { id: number; title: string };
}

/** The listener's own listenings, newest first, as the pod has them. */
async function listenings(page: Page): Promise<{ count: number; results: Listening[] }> {
  const answer = await page.request.get('/api/v1/history/listenings/?scope=me&ordering=-creation_date&page_size=5');
  expect(answer.ok()).toBe(true);
  return answer.json();
}

test.beforeEach(async ({ page }) => {
  await installAudioProbe(page);
  await signIn(page, 'listener');
});

test('a listening is recorded once playback passes half the track (the seed’s tracks last 20 s), once per play', async ({
  page,
}) => {
  test.setTimeout(60_000);
  const before = (await listenings(page)).count;
  await page.goto('/library/albums?ordering=title');
  await page.locator('.listen-card__title').first().click();
  const firstTitle =
    (
      await page.getByRole('table', { name: 'Track list' }).getByRole('row').nth(1).getByRole('link').textContent()
    )?.trim() ?? '';
  await page.getByRole('button', { name: 'Play all' }).click();
  const seek = page.getByRole('region', { name: 'Player' }).getByRole('slider', { name: 'Seek' });
  await expect.poll(async () => Number(await seek.getAttribute('max')), { timeout: 10_000 }).toBeGreaterThan(0);
  const duration = Number(await seek.getAttribute('max'));
  // The rule: min(half the duration, 240 s). Nothing is shortened for the test: the track is short.
  const threshold = Math.min(duration / 2, 240);
  expect(threshold).toBeLessThan(15);

  // Well before the threshold: nothing recorded yet.
  await expect.poll(() => playingTime(page), { timeout: 10_000 }).toBeGreaterThan(threshold / 2);
  expect(await playingTime(page)).toBeLessThan(threshold - 1);
  expect((await listenings(page)).count).toBe(before);

  // Past it: exactly one listening, for the track that plays.
  await expect.poll(() => playingTime(page), { timeout: 20_000 }).toBeGreaterThan(threshold + 0.5);
  await expect.poll(async () => (await listenings(page)).count, { timeout: 5_000 }).toBe(before + 1);
  expect((await listenings(page)).results[0]?.track.title).toBe(firstTitle);

  // Playing on within the same play records nothing more.
  await expect.poll(() => playingTime(page), { timeout: 20_000 }).toBeGreaterThan(threshold + 3);
  expect((await listenings(page)).count).toBe(before + 1);
});
