import { expect, type Page, test } from '@playwright/test';
import { expectNoSeriousAxeViolations } from '../support/axe';

/** The page's cumulative layout shift so far (Chromium's layout-shift entries, buffered from the start). */
function cumulativeLayoutShift(page: Page): Promise<{ total: number; shifted: string[] }> {
  return page.evaluate(
    () =>
      new Promise<{ total: number; shifted: string[] }>((resolve) => {
        // Two frames: a shift from the last render is reported once that frame has been painted.
        requestAnimationFrame(() =>
          requestAnimationFrame(() => {
            const observer = new PerformanceObserver(() => {});
            observer.observe({ type: 'layout-shift', buffered: true });
            // LayoutShift is not in TypeScript's DOM library: its fields are read by name.
            const entries = observer.takeRecords() as unknown as {
              value: number;
              hadRecentInput: boolean;
              sources?: { node?: Node | null }[];
            }[];
            observer.disconnect();
            const counted = entries.filter((entry) => !entry.hadRecentInput);
            resolve({
              total: counted.reduce((sum, entry) => sum + entry.value, 0),
              shifted: counted.flatMap((entry) =>
                (entry.sources ?? []).map((source) => {
                  const node = source.node;
                  return node instanceof Element ? `${node.tagName.toLowerCase()}.${node.className}` : String(node);
                }),
              ),
            });
          }),
        );
      }),
  );
}

for (const screen of [
  { name: 'a desktop window', width: 1280, height: 720 },
  { name: 'a phone', width: 390, height: 844 },
]) {
  test(`a fresh visitor on /login (${screen.name}): the banners appear without moving the login form`, async ({
    page,
  }) => {
    await page.setViewportSize({ width: screen.width, height: screen.height });
    await page.goto('/login');
    const logIn = page.getByRole('button', { name: 'Log in' });
    await expect(logIn).toBeVisible();
    const firstBox = await logIn.boundingBox();

    // The reporting consent is asked of a fresh visitor: once its banner is on screen the button is where it was.
    const banners = page.getByRole('region', { name: 'Announcements' });
    await expect(banners.getByRole('button', { name: 'Allow' })).toBeVisible();
    const shift = await cumulativeLayoutShift(page);
    expect.soft(shift.total, `shifted: ${shift.shifted.join(', ')}`).toBeLessThan(0.01);
    expect.soft(await logIn.boundingBox()).toEqual(firstBox);

    // The banner is reached by keyboard after the form, and the page passes axe with it shown.
    await page.getByLabel('Password').focus();
    let reached = false;
    for (let step = 0; step < 10 && !reached; step += 1) {
      await page.keyboard.press('Tab');
      reached = await banners
        .getByRole('button', { name: 'Allow' })
        .evaluate((button) => button === document.activeElement);
    }
    expect(reached).toBe(true);
    await expectNoSeriousAxeViolations(page);
  });
}
