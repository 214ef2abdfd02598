import { expect, test } from '@playwright/test';
import { expectNoSeriousAxeViolations } from '../support/axe';
import { makePng } from '../support/pictures';
import { signIn } from '../support/sign-in';
import { taggedFlac, uploadRow } from '../support/uploads';

test.setTimeout(120_000);

test('a podcast channel is created with a valid picture, a 500×500 one is refused, and an episode is published', async ({
  page,
}) => {
  await signIn(page, 'moderator', '/@moderator');
  await page.getByRole('link', { name: 'Create a channel' }).click();
  await expect(page).toHaveURL('/content/channels/new');
  await expect(page.getByRole('heading', { name: 'Create a channel', level: 1 })).toBeVisible();
  await expectNoSeriousAxeViolations(page);

  // The wizard works by keyboard: the kind is chosen with Enter.
  await page.getByRole('button', { name: /^Podcast/ }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: 'New podcast channel', level: 1 })).toBeVisible();

  const stamp = Date.now();
  const name = `Harbour Talk ${stamp}`;
  const handle = `harbour_talk_${stamp}`;
  await page.getByLabel('Channel name').fill(name);
  await page.getByLabel('Channel username').fill(handle);
  await expect(page.getByText('It cannot be changed later.')).toBeVisible();
  await page.getByLabel('Description').fill('Weekly talks from the **harbour**.');
  await page.getByLabel('Podcast category').selectOption('Arts');
  await page.getByLabel('Contact e-mail for podcast directories').fill('moderator@example.test');

  // A 500×500 picture is refused in the browser, and by the pod as well.
  const small = { name: 'small.png', mimeType: 'image/png', buffer: makePng(500, 500) };
  await page.getByLabel('Picture').setInputFiles(small);
  await expect(page.getByRole('alert')).toHaveText(
    'The picture must be square, between 1400×1400 and 3000×3000 pixels.',
  );
  await expectNoSeriousAxeViolations(page);
  // The pod's own check, with the page's credentials (session cookie and CSRF token, or OAuth token).
  const podAnswer = await page.evaluate(async (base64) => {
    const bytes = Uint8Array.from(atob(base64), (char) => char.charCodeAt(0));
    const form = new FormData();
    form.append('file', new File([bytes], 'small.png', { type: 'image/png' }));
    const headers = new Headers();
    const csrf = document.cookie.match(/(?:^|; )csrftoken=([^;]+)/)?.[1];
    if (csrf) headers.set('X-CSRFToken', decodeURIComponent(csrf));
    const tokens = JSON.parse(localStorage.getItem('shoal.auth.tokens') ?? 'null') as { accessToken?: string } | null;
    if (tokens?.accessToken) headers.set('Authorization', `Bearer ${tokens.accessToken}`);
    const response = await fetch('/api/v1/attachments/', { method: 'POST', body: form, headers });
    return response.status;
  }, small.buffer.toString('base64'));
  expect(podAnswer).toBe(400);

  await page
    .getByLabel('Picture')
    .setInputFiles({ name: 'cover.png', mimeType: 'image/png', buffer: makePng(1400, 1400) });
  await expect(page.getByRole('alert')).toHaveCount(0);
  await page.getByRole('button', { name: 'Create channel' }).click();

  await expect(page).toHaveURL(`/channels/${handle}`);
  await expect(page.getByRole('heading', { name, level: 1 })).toBeVisible();
  // The picture became the channel's cover (a decorative image beside the title).
  const cover = page.locator('header.listen-detail-header img');
  await expect(cover).toHaveAttribute('src', /\S+/);
  await expect.poll(() => cover.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);

  // Publishing an episode: from the overview's channel list to the upload page, targeting the channel.
  await page.goto('/content');
  const publish = page.getByRole('link', { name: `Publish an episode: ${name}` });
  await expect(publish).toBeVisible();
  await expect(page.getByRole('link', { name: `Episodes: ${name}` })).toHaveAttribute(
    'href',
    `/channels/${handle}/episodes`,
  );
  await expectNoSeriousAxeViolations(page);
  await publish.focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/upload\?channel=[0-9a-f-]{36}$/);
  const target = page.getByLabel('Library', { exact: true });
  await expect(target.locator('option:checked')).toHaveText(`Channel: ${name}`);
  await expectNoSeriousAxeViolations(page);
  await page.getByLabel(/I confirm I am not uploading copyrighted content/).check();
  const episode = taggedFlac('episode-one.flac', `Episode One ${stamp}`, 'Harbour Talk', 'Season One');
  await page.getByLabel('Choose files').setInputFiles([episode]);
  await expect(page).toHaveURL('/upload/running');
  await expect(uploadRow(page, episode.name).getByText('Imported', { exact: true })).toBeVisible({
    timeout: 30_000,
  });

  await page.goto(`/channels/${handle}/episodes`);
  await expect(page.getByRole('cell', { name: `Episode One ${stamp}` }).first()).toBeVisible();

  // Subscribing: a fediverse handle, the feed for apps, and the RSS link, which lists the episode.
  await page.goto(`/channels/${handle}`);
  await expect(page.getByLabel('From the fediverse (Mastodon and others), follow')).toHaveValue(
    new RegExp(`^@${handle}@`),
  );
  const feed = await page.getByLabel('In a podcast app, add this feed').inputValue();
  await expect(page.getByRole('link', { name: 'Open the RSS feed' })).toHaveAttribute('href', feed);
  const rss = await page.request.get(feed);
  expect(rss.ok()).toBe(true);
  const xml = await rss.text();
  expect(xml).toContain(`<title>${name}</title>`);
  expect(xml).toContain(`Episode One ${stamp}`);
  await expectNoSeriousAxeViolations(page);
});
