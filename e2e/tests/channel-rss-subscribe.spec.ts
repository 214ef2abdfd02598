import { createServer, type Server } from 'node:http';
import { expect, test } from '@playwright/test';
import { installAudioProbe, playingTime } from '../support/audio-probe';
import { expectNoSeriousAxeViolations } from '../support/axe';
import { demoPassword, mainPort } from '../support/environment';
import { makeFlac } from '../support/flac-files';
import { startGateway } from '../support/gateway';
import { makePng } from '../support/pictures';
import { signInAt } from '../support/pod-api';
import { signIn } from '../support/sign-in';

// A real podcast host on a loopback port of this run's range, and a port where nothing listens.
const feedPort = mainPort + 12;
const closedPort = mainPort + 13;
const ownFeedPodPort = mainPort + 14;
const host = `http://127.0.0.1:${feedPort}`;
const stamp = Date.now();
const title = `Harbour Tides ${stamp}`;
const feedUrl = `${host}/feed-${stamp}.xml`;

const feed = `<?xml version="1.0" encoding="UTF-8"?>
<rss version="2.0" xmlns:itunes="http://www.itunes.com/dtds/podcast-1.0.dtd">
<channel>
  <title>${title}</title>
  <link>${host}/</link>
  <language>en</language>
  <description>Talks from the harbour.</description>
  <itunes:category text="Science"/>
  <itunes:image href="${host}/cover.png"/>
  <item>
    <title>Low water</title>
    <enclosure url="${host}/audio/2.flac" length="4096" type="audio/flac"/>
    <itunes:duration>00:00:03</itunes:duration>
    <pubDate>Tue, 10 Nov 2026 08:00:00 +0000</pubDate>
  </item>
  <item>
    <title>High water</title>
    <enclosure url="${host}/audio/1.flac" length="4096" type="audio/flac"/>
    <itunes:duration>3</itunes:duration>
    <pubDate>Tue, 03 Nov 2026 08:00:00 +0000</pubDate>
  </item>
</channel>
</rss>`;

let server: Server;

// One feed server (one port) and one stage for the file's journeys.
test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  const audio = makeFlac({ frequency: 440, seconds: 3 });
  const cover = makePng(1400, 1400);
  server = createServer((req, res) => {
    if (req.url === `/feed-${stamp}.xml`) {
      res.writeHead(200, { 'Content-Type': 'application/rss+xml' }).end(feed);
    } else if (req.url === '/cover.png') {
      res.writeHead(200, { 'Content-Type': 'image/png' }).end(cover);
    } else if (req.url?.startsWith('/audio/')) {
      res.writeHead(200, { 'Content-Type': 'audio/flac', 'Access-Control-Allow-Origin': '*' }).end(audio);
    } else {
      res.writeHead(404).end();
    }
  });
  await new Promise<void>((done) => server.listen(feedPort, '127.0.0.1', done));
});

test.afterAll(async () => {
  await new Promise<void>((done) => server.close(() => done()));
});

test('a listener subscribes to a podcast by its RSS feed from /search and opens its channel', async ({ page }) => {
  await installAudioProbe(page);
  await signIn(page, 'listener', '/search');
  await page.getByRole('link', { name: 'Podcast RSS feed' }).click();
  await expect(page).toHaveURL(/\/search\?type=rss$/);

  // Nothing answers at this address: the pod says why, and nothing is subscribed.
  const field = page.getByLabel('RSS feed address');
  await field.fill(`http://127.0.0.1:${closedPort}/feed.xml`);
  await field.press('Enter');
  const alert = page.getByRole('alert');
  await expect(alert).toContainText('This feed cannot be subscribed to');
  await expect(alert).toContainText('cannot connect');

  await field.fill(feedUrl);
  await page.getByRole('button', { name: 'Subscribe' }).click();
  await expect(page.getByRole('heading', { level: 2, name: title })).toBeVisible();
  await expect(page.getByText(`You are subscribed to ${title}.`)).toHaveRole('status');
  await expectNoSeriousAxeViolations(page);

  // By keyboard to the channel page.
  const open = page.getByRole('link', { name: `Open the channel ${title}` });
  await open.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(page.getByLabel('In a podcast app, add this feed')).toHaveValue(feedUrl);
  await expect(page.getByLabel('From the fediverse (Mastodon and others), follow')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Subscribed' })).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByRole('cell', { name: 'Low water' }).first()).toBeVisible();
  await expect(page.getByRole('cell', { name: 'High water' }).first()).toBeVisible();
  await expectNoSeriousAxeViolations(page);

  // An episode plays from the feed's own audio (the pod sends the player to the enclosure).
  await page.getByRole('button', { name: 'Play Low water' }).first().click();
  await expect.poll(() => playingTime(page), { timeout: 15_000 }).toBeGreaterThan(0.3);

  await page.goto('/subscriptions');
  await expect(page.getByRole('link', { name: title })).toBeVisible();
});

test("subscribing to the embedded pod's own podcast feed subscribes to that channel", async ({ page }) => {
  // A pod of its own: the channels journey subscribes to the same channel on the suite's pod at the same time.
  const own = await startGateway('rss-own-feed', ownFeedPodPort, ['--demo-password', demoPassword]);
  try {
    await signInAt(page, own.url, 'moderator', '/search?type=rss');
    await page.getByLabel('RSS feed address').fill(`${own.url}/api/v1/channels/shoalweekly/rss`);
    await page.getByRole('button', { name: 'Subscribe' }).click();
    await expect(page.getByText('You are subscribed to Shoal Weekly.')).toHaveRole('status');
    await page.getByRole('link', { name: 'Open the channel Shoal Weekly' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Shoal Weekly' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Subscribed' })).toHaveAttribute('aria-pressed', 'true');
  } finally {
    await own.stop();
  }
});
