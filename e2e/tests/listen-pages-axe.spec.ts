import { expect, type Page, test } from '@playwright/test';
import { expectNoSeriousAxeViolations } from '../support/axe';
import { baseURL } from '../support/environment';
import { apiAs } from '../support/pod-api';
import { signIn } from '../support/sign-in';

/** Ids of real objects of the demo pod, read through its API before the pages are visited. */
interface Stage {
  artist: number;
  album: number;
  track: number;
  tag: string;
  library: string;
  channel: string | null;
}

let stage: Stage;

test.beforeAll(async () => {
  const api = await apiAs(baseURL, 'admin');
  const first = async <T>(path: string): Promise<T> => {
    const answer = (await (await api.get(`/api/v1/${path}`)).json()) as { results: T[] };
    expect(answer.results.length, `the demo pod has ${path}`).toBeGreaterThan(0);
    return answer.results[0] as T;
  };
  const album = await first<{ id: number; artist_credit: { artist: { id: number } }[] }>('albums/?page_size=1');
  const track = await first<{ id: number }>('tracks/?page_size=1');
  const tag = await first<{ name: string }>('tags/?page_size=1');
  const library = await first<{ uuid: string }>('libraries/?scope=me&page_size=1');
  // Channels appear once the pod lists them; their pages are checked then.
  const channels = await api.get('/api/v1/channels/?page_size=1');
  const channel = channels.ok() ? ((await channels.json()) as { results: { uuid: string }[] }).results[0] : undefined;
  stage = {
    artist: album.artist_credit[0]?.artist.id ?? 1,
    album: album.id,
    track: track.id,
    tag: tag.name,
    library: library.uuid,
    channel: channel?.uuid ?? null,
  };
  await api.dispose();
});

/** Opens `path` as the signed-in user, waits for its title and its data, then runs axe. */
async function check(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await expect(page.getByRole('heading', { level: 1 }).first(), `${path} has a title`).toBeVisible();
  await page.waitForLoadState('networkidle');
  await expect(page.getByRole('status').filter({ hasText: 'Loading…' })).toHaveCount(0);
  await expectNoSeriousAxeViolations(page);
}

const groups: { name: string; paths: (s: Stage) => string[] }[] = [
  {
    name: 'library home, explore and browse pages',
    paths: () => [
      '/library',
      '/library/me',
      '/library/explore',
      '/library/artists?ordering=name',
      '/library/albums?tag=ambient',
      '/library/podcasts',
      '/library/me/artists',
      '/library/me/albums',
      '/library/channels',
      '/library/radios',
      '/library/me/radios',
      '/library/radios/build',
      '/library/playlists',
      '/library/me/playlists',
    ],
  },
  {
    name: 'detail and edit pages',
    paths: (s) => [
      `/library/artists/${s.artist}`,
      `/library/albums/${s.album}`,
      `/library/tracks/${s.track}`,
      `/library/tags/${encodeURIComponent(s.tag)}`,
      `/library/albums/${s.album}/edit`,
      `/library/artists/${s.artist}/edit`,
      `/library/tracks/${s.track}/edit`,
      `/library/${s.library}`,
      `/library/${s.library}/albums`,
      `/library/${s.library}/tracks`,
      ...(s.channel ? [`/channels/${s.channel}`, `/channels/${s.channel}/episodes`] : []),
    ],
  },
  {
    name: 'search, favorites, subscriptions, profiles and a page not found',
    paths: () => [
      '/search?q=a',
      '/search?type=remote',
      '/search?type=rss',
      '/favorites',
      '/subscriptions',
      '/@admin',
      '/@admin/activity',
      '/library/no/such/page',
    ],
  },
];

for (const group of groups) {
  test(`${group.name} have no serious accessibility violation`, async ({ page }) => {
    test.setTimeout(120_000);
    await signIn(page, 'admin');
    for (const path of group.paths(stage)) {
      await test.step(path, () => check(page, path));
    }
  });
}

test("a detail page's open menus have no serious accessibility violation", async ({ page }) => {
  await signIn(page, 'admin', `/library/albums/${stage.album}`);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.getByRole('button', { name: 'More' }).click();
  await expect(page.getByRole('link', { name: 'Open in the moderation interface' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Open in the admin site' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Search on Wikipedia' })).toBeVisible();
  await expectNoSeriousAxeViolations(page);
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: 'Actions' }).click();
  await page.getByRole('button', { name: 'Embed' }).click();
  await expect(page.getByRole('dialog', { name: 'Embed this album' })).toBeVisible();
  await expectNoSeriousAxeViolations(page);
});
