import { expect, type Page, test } from '@playwright/test';
import { audioEvents, installAudioProbe, playingTime } from '../support/audio-probe';
import { expectNoSeriousAxeViolations } from '../support/axe';
import { baseURL } from '../support/environment';
import { apiAs, csrfHeader } from '../support/pod-api';
import { signIn } from '../support/sign-in';

const player = (page: Page) => page.getByRole('region', { name: 'Player' });

/** The title the player bar shows now. */
async function nowPlaying(page: Page): Promise<string> {
  const bar = player(page);
  await expect(bar.getByRole('button', { name: 'Pause', exact: true })).toBeVisible();
  return (await bar.locator('.player-now__title').textContent())?.trim() ?? '';
}

async function titles(page: Page, query: string): Promise<string[]> {
  const answer = await page.request.get(`/api/v1/tracks/?page_size=100&${query}`);
  expect(answer.ok()).toBe(true);
  return ((await answer.json()).results as { title: string }[]).map((track) => track.title);
}

async function titlesTagged(page: Page, tag: string): Promise<Set<string>> {
  const found = new Set(await titles(page, `tag=${tag}`));
  for (const kind of ['artists', 'albums'] as const) {
    const answer = await page.request.get(`/api/v1/${kind}/?page_size=100&tag=${tag}`);
    for (const item of (await answer.json()).results as { id: number }[]) {
      for (const title of await titles(page, `${kind === 'artists' ? 'artist' : 'album'}=${item.id}`)) found.add(title);
    }
  }
  return found;
}

test.beforeEach(async ({ page }) => {
  await installAudioProbe(page);
  await signIn(page, 'listener');
});

test('a tag radio plays three tracks of the tag in a row, each starting by itself', async ({ page }) => {
  test.setTimeout(90_000);
  // A tag radio plays tracks carrying the tag themselves, or through their album or artist.
  const taggedTitles = await titlesTagged(page, 'ambient');
  expect(taggedTitles.size).toBeGreaterThanOrEqual(3);

  await page.goto('/library/tags/ambient');
  await expect(page.getByRole('heading', { level: 1, name: 'Tag #ambient' })).toBeVisible();
  await expectNoSeriousAxeViolations(page);
  await page.getByRole('button', { name: 'Start radio' }).click();
  await expect(page.getByRole('button', { name: 'Stop radio' })).toBeVisible();

  const played: string[] = [];
  const bar = player(page);
  const seek = bar.getByRole('slider', { name: 'Seek' });
  for (let track = 0; track < 3; track++) {
    // Nobody presses play: the radio's first track starts by itself, the next ones follow the previous.
    await expect.poll(() => playingTime(page), { timeout: 15_000 }).toBeGreaterThan(0.5);
    const title = await nowPlaying(page);
    expect(played).not.toContain(title);
    played.push(title);
    if (track < 2) {
      const max = Number(await seek.getAttribute('max'));
      expect(max).toBeGreaterThan(3);
      await seek.fill(String(Math.floor(max) - 2));
      await expect(bar.locator('.player-now__title')).not.toHaveText(title, { timeout: 15_000 });
    }
  }
  for (const title of played) expect(taggedTitles).toContain(title);
  // Three elements played, one after the other, each from its start.
  const starts = (await audioEvents(page)).filter((event) => event.type === 'playing');
  expect(new Set(starts.map((event) => event.element)).size).toBeGreaterThanOrEqual(3);
  // The radio keeps one track ahead in the queue.
  await expect(bar.getByRole('button', { name: /^Queue \((\d+)\)$/ })).toHaveAccessibleName(/Queue \([4-9]\)/);
});

test('build a custom radio with an exclude filter: the count changes live, then the radio is saved, started and deleted', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await page.goto('/library/radios');
  await expect(page.getByRole('heading', { level: 1, name: 'Radios' })).toBeVisible();
  await expectNoSeriousAxeViolations(page);
  await page.getByRole('link', { name: 'Create a radio' }).click();
  await expect(page).toHaveURL(/\/library\/radios\/build$/);
  const filter = page.getByRole('group', { name: 'Filter 1' });
  const count = filter.locator('output');
  const shownCount = async () => {
    await expect(count).toHaveText(/^\d+ matching tracks?$/);
    return Number((await count.textContent())?.match(/\d+/)?.[0]);
  };
  // Other journeys upload tracks at the same time: both counts and the catalogue's total must agree
  // at one quiet moment, so on a mismatch the builder is opened afresh (no cached count) and counted again.
  const listenerApi = await apiAs(baseURL, 'listener');
  let attempt = 0;
  let excluded = 0;
  await expect(async () => {
    if (attempt++ > 0) await page.reload();
    await page.getByRole('button', { name: 'Add a filter' }).click();
    await filter.getByLabel('Tag names, separated by commas').fill('ambient');
    const included = await shownCount();
    expect(included).toBeGreaterThan(0);
    await filter.getByLabel('Exclude these tracks').check();
    await expect(count).not.toHaveText(`${included} matching tracks`);
    excluded = await shownCount();
    // The total the listener sees (pod-only libraries included), as the radio counts for them.
    const all = await listenerApi.get('/api/v1/tracks/?page_size=1');
    const total = (await all.json()).count as number;
    expect(excluded).toBe(total - included);
  }).toPass({ timeout: 40_000 });
  await listenerApi.dispose();
  await page.getByLabel('Name', { exact: true }).fill('No ambient please');
  await page.getByLabel('Description').fill('Everything but the calm ones.');
  await expectNoSeriousAxeViolations(page);

  await page.getByRole('button', { name: 'Save radio' }).click();
  await expect(page).toHaveURL(/\/library\/radios\/\d+$/);
  await expect(page.getByRole('heading', { level: 1, name: 'No ambient please' })).toBeVisible();
  await expect(page.getByText('Tag: ambient (excluded)')).toBeVisible();
  await expect(page.getByRole('table', { name: 'Tracks of this radio' })).toBeVisible();
  await expectNoSeriousAxeViolations(page);

  // It plays, and none of what it plays carries the excluded tag.
  const taggedTitles = await titlesTagged(page, 'ambient');
  await page.getByRole('button', { name: 'Start the radio No ambient please' }).click();
  await expect.poll(() => playingTime(page), { timeout: 15_000 }).toBeGreaterThan(0.5);
  expect([...taggedTitles]).not.toContain(await nowPlaying(page));
  await page.getByRole('button', { name: 'Stop radio' }).click();

  // Listed among the listener's radios (12 a page), then deleted after a confirmation.
  await page.goto('/library/me/radios');
  await expect(page.getByRole('link', { name: 'No ambient please' })).toBeVisible();
  await expectNoSeriousAxeViolations(page);
  await page.getByRole('link', { name: 'No ambient please' }).click();
  // The builder opens on the saved radio, filters and all.
  await page.getByRole('link', { name: 'Edit', exact: true }).click();
  await expect(page).toHaveURL(/\/library\/radios\/build\/\d+$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Edit radio No ambient please' })).toBeVisible();
  await expect(page.getByLabel('Tag names, separated by commas')).toHaveValue('ambient');
  await expect(page.getByLabel('Exclude these tracks')).toBeChecked();
  await expect(page.locator('output')).toHaveText(`${excluded} matching tracks`);
  await expectNoSeriousAxeViolations(page);
  await page.goBack();
  await page.getByRole('button', { name: 'Delete', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete the radio No ambient please?' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Delete' }).click();
  await expect(page).toHaveURL(/\/library\/me\/radios$/);
  await expect(page.getByRole('link', { name: 'No ambient please' })).toHaveCount(0);
});

test('an exhausted radio lets its last track play, then pauses with its message', async ({ page }) => {
  test.setTimeout(90_000);
  // An album radio runs out once it has played each of the album's tracks once.
  await page.goto('/library/albums?ordering=title');
  await page.locator('.listen-card__title').first().click();
  const table = page.getByRole('table', { name: 'Track list' });
  await expect(table).toBeVisible();
  const trackCount = (await table.getByRole('row').count()) - 1;
  expect(trackCount).toBeGreaterThan(1);
  await page.getByRole('button', { name: 'Start radio' }).click();
  const bar = player(page);
  const seek = bar.getByRole('slider', { name: 'Seek' });
  const message = bar.getByRole('status');
  const played = new Set<string>();
  for (let track = 0; track < trackCount; track++) {
    await expect.poll(() => playingTime(page), { timeout: 15_000 }).toBeGreaterThan(0.3);
    const title = await nowPlaying(page);
    played.add(title);
    if (track === trackCount - 1) break;
    await expect(message).not.toHaveText(/Radio doesn't have more candidates/);
    await seek.fill(String(Math.floor(Number(await seek.getAttribute('max'))) - 1));
    await expect(bar.locator('.player-now__title')).not.toHaveText(title, { timeout: 15_000 });
  }
  // Every track of the album once, and no more: the message shows while the last one still plays.
  expect(played.size).toBe(trackCount);
  await expect(message).toHaveText(/Radio doesn't have more candidates/);
  await expect(bar.getByRole('button', { name: 'Pause', exact: true })).toBeVisible();
  await seek.fill(String(Math.floor(Number(await seek.getAttribute('max'))) - 1));
  await expect(bar.getByRole('button', { name: 'Play', exact: true })).toBeVisible({ timeout: 15_000 });
  await expect(message).toHaveText(/Radio doesn't have more candidates/);
  await expect(page.getByRole('button', { name: 'Start radio' })).toBeVisible();
});

test("a library's radio plays that library's tracks", async ({ page }) => {
  test.setTimeout(60_000);
  const answer = await page.request.get('/api/v1/libraries/?page_size=50');
  expect(answer.ok()).toBe(true);
  const libraries = (await answer.json()).results as { uuid: string; name: string; uploads_count: number }[];
  const library = libraries.find((candidate) => candidate.uploads_count > 1);
  expect(library, 'the demo seed has a public library with tracks').toBeDefined();
  if (!library) return;
  const inLibrary = new Set(await titles(page, `library=${library.uuid}`));

  await page.goto(`/library/${library.uuid}`);
  await expect(page.getByRole('heading', { level: 1, name: library.name })).toBeVisible();
  await page.getByRole('button', { name: 'Start radio' }).click();
  await expect(page.getByRole('button', { name: 'Stop radio' })).toBeVisible();
  await expect.poll(() => playingTime(page), { timeout: 15_000 }).toBeGreaterThan(0.3);
  expect(inLibrary).toContain(await nowPlaying(page));
  await page.getByRole('button', { name: 'Stop radio' }).click();
  await expect(page.getByRole('button', { name: 'Start radio' })).toBeVisible();
});

test('listening along: the radio of a profile plays what that person listens to, as they listen', async ({ page }) => {
  test.setTimeout(60_000);
  const admin = await apiAs(baseURL, 'admin');
  const tracks = (await (await admin.get('/api/v1/tracks/?page_size=2&ordering=title')).json()).results as {
    id: number;
    title: string;
  }[];
  const [first, second] = tracks;
  expect(first && second, 'the demo seed has tracks').toBeTruthy();
  if (!first || !second) return;
  const listen = async (track: number) => {
    const answer = await admin.post('/api/v1/history/listenings/', {
      data: { track },
      headers: await csrfHeader(admin),
    });
    expect(answer.status()).toBe(201);
  };
  // What the admin listened to last is where the radio starts.
  await listen(first.id);

  await page.goto('/@admin');
  await expect(page.getByRole('heading', { level: 1, name: 'admin' })).toBeVisible();
  await page.getByRole('button', { name: /^Start the radio @admin@/ }).click();
  await expect(page.getByRole('button', { name: 'Stop radio' })).toBeVisible();
  await expect.poll(() => playingTime(page), { timeout: 15_000 }).toBeGreaterThan(0.3);
  expect(await nowPlaying(page)).toBe(first.title);

  // The admin listens to another track: the live connection brings it into the listener's queue.
  const queue = player(page).getByRole('button', { name: /^Queue \(\d+\)$/ });
  await expect(queue).toHaveAccessibleName('Queue (1)');
  await listen(second.id);
  await expect(queue).toHaveAccessibleName('Queue (2)');
  await queue.click();
  await expect(
    page
      .getByRole('complementary', { name: 'Queue' })
      .getByRole('button', { name: `Remove ${second.title} from the queue` }),
  ).toBeVisible();
  await admin.dispose();
});
