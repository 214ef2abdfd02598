import { expect, test } from '@playwright/test';
import { expectNoSeriousAxeViolations } from '../support/axe';
import { baseURL } from '../support/environment';
import { makePng } from '../support/pictures';
import { apiAs, csrfHeader } from '../support/pod-api';
import { signIn } from '../support/sign-in';

const stamp = Date.now();
const handle = `editable_${stamp}`;
const name = `Editable Show ${stamp}`;
let uuid = '';

// One feed server (one port) and one stage for the file's journeys.
test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  // The stage: a podcast channel of the moderator's, made through the API.
  const api = await apiAs(baseURL, 'moderator');
  const res = await api.post('/api/v1/channels/', {
    headers: await csrfHeader(api),
    data: {
      name,
      username: handle,
      description: { text: 'First words.', content_type: 'text/markdown' },
      tags: ['harbour'],
      content_category: 'podcast',
      metadata: { itunes_category: 'Arts', language: 'en', owner_name: 'moderator' },
    },
  });
  expect(res.status()).toBe(201);
  uuid = (await res.json()).uuid;
  await api.dispose();
});

test('the owner edits a channel from its menu, keeps their changes when the pod refuses, then saves', async ({
  page,
}) => {
  await signIn(page, 'moderator', `/channels/${handle}`);
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();

  // The channel menu by keyboard: Actions, then down to Edit.
  const actions = page.getByRole('button', { name: 'Actions' });
  await actions.focus();
  await page.keyboard.press('Enter');
  const edit = page.getByRole('link', { name: 'Edit' });
  await expect(edit).toBeVisible();
  await edit.focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(`/content/channels/${uuid}/edit`);
  await expect(page.getByRole('heading', { level: 1, name: `Edit ${name}` })).toBeVisible();

  const nameField = page.getByLabel('Channel name');
  await expect(nameField).toHaveValue(name);
  await expect(page.getByLabel('Channel username')).toHaveValue(handle);
  await expect(page.getByLabel('Channel username')).not.toBeEditable();
  await expect(page.getByLabel('Description')).toHaveValue('First words.');
  await expectNoSeriousAxeViolations(page);

  // The browser refuses a wrong picture before sending anything.
  await page
    .getByLabel('Picture')
    .setInputFiles({ name: 'small.png', mimeType: 'image/png', buffer: makePng(500, 500) });
  await expect(page.getByRole('alert')).toHaveText(
    'The picture must be square, between 1400×1400 and 3000×3000 pixels.',
  );
  await page.getByLabel('Picture').setInputFiles([]);

  const newName = `Renamed Show ${stamp}`;
  await nameField.fill(newName);
  await page.getByLabel('Description').fill('Now every **Friday**.');
  // The channel came with the tag harbour; friday is added as a pill, by keyboard.
  const tags = page.getByRole('group', { name: 'Tags' });
  await expect(tags.getByRole('button', { name: 'Edit tag harbour' })).toBeVisible();
  await tags.getByLabel('Add a tag').fill('friday');
  await tags.getByLabel('Add a tag').press('Enter');
  await expect(tags.getByRole('button', { name: 'Edit tag friday' })).toBeVisible();
  await page.getByLabel('Podcast category').selectOption('News');
  // An address the pod refuses: its reason is listed, and nothing typed is lost.
  await page.getByLabel('Contact e-mail for podcast directories').fill('nope');
  await page.getByRole('button', { name: 'Save changes' }).click();
  const alert = page.getByRole('alert');
  await expect(alert).toContainText('Error while saving channel.');
  await expect(alert).toContainText('Enter a valid email address.');
  await expect(nameField).toHaveValue(newName);
  await expect(page.getByLabel('Description')).toHaveValue('Now every **Friday**.');
  await expect(page.getByLabel('Podcast category')).toHaveValue('News');

  await page.getByLabel('Contact e-mail for podcast directories').fill('shows@example.test');
  await page
    .getByLabel('Picture')
    .setInputFiles({ name: 'cover.png', mimeType: 'image/png', buffer: makePng(1400, 1400) });
  await expect(page.getByRole('alert').filter({ hasText: 'The picture' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText('Channel updated')).toBeVisible();
  await expect(page).toHaveURL(`/channels/${handle}`);
  await expect(page.getByRole('heading', { level: 1, name: newName })).toBeVisible();
  await expect(page.getByText('Now every')).toBeVisible();

  // Saved on the pod: the form starts from the new values.
  await page.goto(`/content/channels/${uuid}/edit`);
  await expect(page.getByLabel('Channel name')).toHaveValue(newName);
  await expect(page.getByLabel('Podcast category')).toHaveValue('News');
  await expect(
    page.getByRole('group', { name: 'Tags' }).getByRole('button', { name: 'Edit tag friday' }),
  ).toBeVisible();
  await expect(page.getByText('Current picture', { exact: true })).toBeVisible();
});

test('someone else gets no edit entry and no form', async ({ page }) => {
  await signIn(page, 'listener', `/channels/${handle}`);
  await page.getByRole('button', { name: 'Actions' }).click();
  await expect(page.getByRole('link', { name: 'Edit' })).toHaveCount(0);
  await page.goto(`/content/channels/${uuid}/edit`);
  await expect(page.getByText('Only the owner of this channel can edit it.')).toBeVisible();
  await expect(page.getByLabel('Channel name')).toHaveCount(0);
  await expectNoSeriousAxeViolations(page);
});
