import { createServer, type Server } from 'node:http';
import { expect, type Page, test } from '@playwright/test';
import { expectNoSeriousAxeViolations } from '../support/axe';
import { baseURL, demoPassword, mainPort } from '../support/environment';
import { type RunningGateway, startGateway } from '../support/gateway';
import { apiAs, openToVisitors, signInAt } from '../support/pod-api';

// A pod open to visitors (its own gateway, so the main one keeps requiring sign-in for other
// journeys), and a page of another origin that frames its player, as someone's blog would.
let gateway: RunningGateway;
let blog: Server;
const podPort = mainPort + 7;
const blogPort = mainPort + 8;
const proxyPort = mainPort + 9;
let blogSnippet = '';

// One pod and one blog for the file: its tests share them, one after the other.
test.describe.configure({ mode: 'serial' });

interface AlbumStage {
  id: number;
  title: string;
  tracks: string[];
}

/** An album as the listener, who opens it in these journeys, sees the catalogue (not admin's private uploads). */
async function firstAlbum(base: string): Promise<AlbumStage> {
  const api = await apiAs(base, 'listener');
  const albums = (await (await api.get('/api/v1/albums/?page_size=10&ordering=title')).json()) as {
    results: { id: number; title: string; tracks_count: number }[];
  };
  // An album with three tracks or more, so next, the list and going on at the end have something to do.
  const album = albums.results.find((candidate) => candidate.tracks_count > 2) ?? albums.results[0];
  expect(album, 'the demo pod has albums').toBeDefined();
  const id = album?.id ?? 0;
  const tracks = (await (
    await api.get(`/api/v1/tracks/?album=${id}&ordering=disc_number,position&page_size=100`)
  ).json()) as { results: { title: string }[] };
  await api.dispose();
  return { id, title: album?.title ?? '', tracks: tracks.results.map((track) => track.title) };
}

async function openEmbedWizard(page: Page) {
  // Any title: on the suite's main pod, other journeys may rename this album meanwhile.
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.getByRole('button', { name: 'Actions' }).click();
  await page.getByRole('button', { name: 'Embed' }).click();
  const dialog = page.getByRole('dialog', { name: 'Embed this album' });
  await expect(dialog.getByLabel('Embed code')).toBeVisible();
  return dialog;
}

test.beforeAll(async () => {
  // A fresh pod synthesises its demo music first: slow on a busy machine.
  test.setTimeout(180_000);
  gateway = await startGateway('embed', podPort, ['--demo-password', demoPassword]);
  await openToVisitors(gateway.url);
  blog = createServer((_request, response) => {
    response.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' });
    response.end(
      `<!doctype html><html lang="en"><head><title>A blog</title></head><body><main><h1>Listen to this</h1>${blogSnippet}</main></body></html>`,
    );
  });
  await new Promise<void>((done) => blog.listen(blogPort, '127.0.0.1', done));
});

test.afterAll(async () => {
  if (blog) {
    blog.closeAllConnections();
    await new Promise((done) => blog.close(done));
  }
  await gateway?.stop();
});

test('the embed wizard builds the snippet, and the player plays in a page of another origin', async ({
  page,
  browser,
}) => {
  test.setTimeout(90_000);
  const album = await firstAlbum(gateway.url);
  await signInAt(page, gateway.url, 'listener', `/library/albums/${album.id}`);
  const dialog = await openEmbedWizard(page);
  const code = dialog.getByLabel('Embed code');
  const src = `${gateway.url}/embed?type=album&id=${album.id}`;
  await expect(code).toHaveValue(
    `<iframe width="100%" height="400" scrolling="no" frameborder="no" title="Shoal player: ${album.title}" src="${src}"></iframe>`,
  );
  // Visitors may listen on this pod: no warning.
  await expect(dialog.getByRole('alert')).toHaveCount(0);
  // The live preview is the real player.
  const preview = page.frameLocator('iframe[title="Player preview"]');
  await expect(preview.getByRole('heading', { level: 1, name: album.title })).toBeVisible();

  // Size: 480 pixels wide, 250 high; a bad width is explained and changes nothing.
  await dialog.getByRole('radio', { name: 'Medium (250 px)' }).check();
  await dialog.getByLabel('Width unit').selectOption({ label: 'pixels' });
  await dialog.getByLabel('Width', { exact: true }).fill('50');
  await expect(dialog.getByLabel('Width', { exact: true })).toHaveAccessibleDescription(
    'The width must be at least 200.',
  );
  await expect(code).toHaveValue(/^<iframe width="600" height="250" /);
  await dialog.getByLabel('Width', { exact: true }).fill('480');
  await expect(code).toHaveValue(/^<iframe width="480" height="250" .* src="[^"]+"><\/iframe>$/);
  await expect(page.locator('iframe[title="Player preview"]')).toHaveCSS('height', '250px');
  await expectNoSeriousAxeViolations(page);
  await dialog.getByRole('button', { name: 'Copy' }).click();
  await expect(dialog.getByRole('button', { name: 'Copied' })).toBeVisible();
  await expect(dialog.getByText('The embed code is copied to the clipboard.')).toBeVisible();
  blogSnippet = await code.inputValue();
  // Escape closes the wizard even when the keyboard is inside the live preview.
  await preview.getByRole('button', { name: 'Play' }).focus();
  await preview.getByRole('button', { name: 'Play' }).press('Escape');
  await expect(dialog).toBeHidden();

  // Someone's blog, on another origin, with no Shoal session: the framed player loads and plays.
  const visitor = await browser.newContext();
  const blogPage = await visitor.newPage();
  await blogPage.goto(`http://127.0.0.1:${blogPort}/`);
  const frame = blogPage.frameLocator('iframe');
  await expect(frame.getByRole('heading', { level: 1, name: album.title })).toBeVisible();
  const list = frame.getByRole('list');
  await expect(list.getByRole('button')).toHaveCount(album.tracks.length);
  await expect(list.getByRole('button').first()).toHaveAttribute('aria-current', 'true');
  const back = frame.getByRole('link', { name: /^Open on / });
  await expect(back).toHaveAttribute('href', `${gateway.url}/library/albums/${album.id}`);
  await expect(back).toHaveAttribute('target', '_blank');
  await expect(back).toHaveAttribute('rel', /noopener/);

  await frame.getByRole('button', { name: 'Play' }).click();
  const player = blogPage.frames().find((candidate) => candidate.url().startsWith(`${gateway.url}/embed?`));
  expect(player, 'the player frame').toBeDefined();
  const currentTime = () => player?.evaluate(() => document.querySelector('audio')?.currentTime ?? 0) ?? 0;
  await expect.poll(currentTime, { timeout: 20_000 }).toBeGreaterThan(0.5);
  await expect(frame.getByRole('button', { name: 'Pause' })).toBeVisible();

  expect(album.tracks.length, 'a demo album with three tracks').toBeGreaterThan(2);
  // Next goes on playing the second track, from its start.
  await frame.getByRole('button', { name: 'Next track' }).click();
  await expect(list.getByRole('button').nth(1)).toHaveAttribute('aria-current', 'true');
  await expect.poll(currentTime, { timeout: 20_000 }).toBeGreaterThan(0.3);
  await expect(frame.getByText(`Now playing: ${album.tracks[1]}`)).toBeVisible();
  // Seeking to the end by keyboard: the track ends and the player goes on with the next one.
  await frame.getByRole('slider', { name: 'Position in the track' }).press('End');
  await expect(list.getByRole('button').nth(2)).toHaveAttribute('aria-current', 'true');
  await expect(frame.getByText(`Now playing: ${album.tracks[2]}`)).toBeVisible();
  await expect.poll(currentTime, { timeout: 20_000 }).toBeGreaterThan(0.3);
  await frame.getByRole('button', { name: 'Pause' }).click();
  await expect(frame.getByRole('button', { name: 'Play' })).toBeVisible();
  await visitor.close();
});

test('the embed player passes axe and works by keyboard', async ({ page }) => {
  const album = await firstAlbum(gateway.url);
  await page.goto(`${gateway.url}/embed?type=album&id=${album.id}`);
  await expect(page.getByRole('heading', { level: 1, name: album.title })).toBeVisible();
  await expect(page).toHaveTitle(`${album.title} · Shoal player`);
  await expectNoSeriousAxeViolations(page);
  // Tab to the play button (past the link back to the pod) and play and pause with the keyboard.
  await page.keyboard.press('Tab');
  await expect(page.getByRole('link', { name: /^Open on / })).toBeFocused();
  // Previous is disabled on the first track, so Play comes next.
  await page.keyboard.press('Tab');
  await expect(page.getByRole('button', { name: 'Play' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('button', { name: 'Pause' })).toBeFocused();
  await expect
    .poll(() => page.evaluate(() => document.querySelector('audio')?.currentTime ?? 0), { timeout: 20_000 })
    .toBeGreaterThan(0.3);
  await page.keyboard.press('Enter');
  await expect(page.getByRole('button', { name: 'Play' })).toBeVisible();

  // Clear states: a missing object, a malformed link.
  await page.goto(`${gateway.url}/embed?type=album&id=999999`);
  await expect(page.getByRole('alert')).toContainText('Not found');
  await expectNoSeriousAxeViolations(page);
  await page.goto(`${gateway.url}/embed?type=playlist&id=1`);
  await expect(page.getByRole('alert')).toContainText('This player link is incomplete');
});

test('on a pod closed to visitors, the wizard warns and the player says why it cannot play', async ({
  page,
  browser,
}) => {
  // The suite's main pod requires an account to listen (its default).
  const album = await firstAlbum(baseURL);
  await signInAt(page, baseURL, 'listener', `/library/albums/${album.id}`);
  const dialog = await openEmbedWizard(page);
  await expect(dialog.getByRole('alert')).toContainText('Visitors will not be able to play this player');
  await expectNoSeriousAxeViolations(page);

  const visitor = await browser.newContext();
  const stranger = await visitor.newPage();
  await stranger.goto(`${baseURL}/embed?type=album&id=${album.id}`);
  await expect(stranger.getByRole('alert')).toContainText('Not available here');
  await expect(stranger.getByRole('alert')).toContainText('This content is not public');
  await expectNoSeriousAxeViolations(stranger);
  await visitor.close();
});

test("a gateway in front of another pod (--pod) serves the player with that pod's music", async ({ page }) => {
  test.setTimeout(60_000);
  const proxy = await startGateway('embed-proxy', proxyPort, ['--pod', gateway.url]);
  try {
    const album = await firstAlbum(gateway.url);
    const response = await page.goto(`${proxy.url}/embed?type=album&id=${album.id}`);
    expect(response?.headers()['cache-control']).toBe('no-cache');
    expect(response?.headers()['x-frame-options']).toBeUndefined();
    await expect(page.getByRole('heading', { level: 1, name: album.title })).toBeVisible();
    await expect(page.getByRole('link', { name: /^Open on / })).toHaveAttribute(
      'href',
      `${proxy.url}/library/albums/${album.id}`,
    );
    await page.getByRole('button', { name: 'Play' }).click();
    await expect
      .poll(() => page.evaluate(() => document.querySelector('audio')?.currentTime ?? 0), { timeout: 20_000 })
      .toBeGreaterThan(0.3);
  } finally {
    await proxy.stop();
  }
});
