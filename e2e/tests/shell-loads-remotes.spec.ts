import { expect, test } from '@playwright/test';

/** React's own module assigns its internals once; a second React copy would assign them again. */
const REACT_BODY_MARKER = /\.__CLIENT_INTERNALS_DO_NOT_USE_OR_WARN_USERS_THEY_CANNOT_UPGRADE\s*=/;

test('the library opens the listen remote inside the host layout', async ({ page }) => {
  const remoteEntries: string[] = [];
  page.on('request', (request) => {
    if (request.url().endsWith('/remoteEntry.js')) remoteEntries.push(new URL(request.url()).pathname);
  });
  await page.goto('/library');
  await expect(page.getByRole('heading', { level: 1, name: 'Library' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Player' })).toBeVisible();
  expect(remoteEntries).toEqual(['/apps/listen/remoteEntry.js']);
});

test('moving between remotes keeps the host surfaces mounted', async ({ page }) => {
  await page.goto('/library');
  await expect(page.getByRole('heading', { level: 1, name: 'Library' })).toBeVisible();
  await page.getByRole('region', { name: 'Player' }).evaluate((element) => element.setAttribute('data-marker', 'kept'));
  // Client-side navigation to another remote: a page load would drop the marker.
  await page.evaluate(() => {
    window.history.pushState({}, '', '/content');
    window.dispatchEvent(new PopStateEvent('popstate'));
  });
  await expect(page.getByRole('heading', { level: 1, name: 'Add and manage content' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Player' })).toHaveAttribute('data-marker', 'kept');
});

test('React runs as one copy shared by the host and the remote', async ({ page }) => {
  await page.addInitScript(() => {
    // Every react-dom copy registers itself with the devtools hook when it starts.
    const renderers = new Map<number, unknown>();
    let nextId = 1;
    Object.defineProperty(window, '__REACT_DEVTOOLS_GLOBAL_HOOK__', {
      value: {
        renderers,
        supportsFiber: true,
        inject(renderer: unknown) {
          const id = nextId++;
          renderers.set(id, renderer);
          return id;
        },
        onScheduleFiberRoot() {},
        onCommitFiberRoot() {},
        onCommitFiberUnmount() {},
        onPostCommitFiberRoot() {},
        checkDCE() {},
      },
    });
  });
  const reactBodies: string[] = [];
  page.on('response', async (response) => {
    if (response.request().resourceType() !== 'script') return;
    const body = await response.text().catch(() => '');
    if (REACT_BODY_MARKER.test(body)) reactBodies.push(new URL(response.url()).pathname);
  });
  await page.goto('/library');
  // The remote renders with hooks (router, query): with a second React it would throw instead.
  await expect(page.getByRole('heading', { level: 2, name: 'Recently added' })).toBeVisible();
  await page.waitForLoadState('networkidle');
  const rendererCount = await page.evaluate(
    () =>
      (window as unknown as { __REACT_DEVTOOLS_GLOBAL_HOOK__: { renderers: Map<number, unknown> } })
        .__REACT_DEVTOOLS_GLOBAL_HOOK__.renderers.size,
  );
  expect(rendererCount).toBe(1);
  expect(reactBodies).toHaveLength(1);
  expect(reactBodies[0]).toMatch(/^\/assets\//);
});
