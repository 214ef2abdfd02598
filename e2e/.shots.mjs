import { chromium } from '@playwright/test';
const base = 'http://127.0.0.1:19430';
for (let i = 0; i < 50; i++) { try { if ((await fetch(base + '/settings.json')).ok) break; } catch {} await new Promise(r => setTimeout(r, 300)); }
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });
const page = await browser.newPage({ viewport: { width: 1280, height: 1100 } });
await page.goto(base + '/login?next=%2Flibrary');
await page.getByLabel('Username or e-mail address').fill('listener');
await page.getByLabel('Password').fill('pw12345678');
await page.getByRole('button', { name: 'Log in' }).click();
await page.getByRole('heading', { level: 1, name: 'Library' }).waitFor();
for (const [name, path] of [['search', '/search?q=a'], ['profile', '/@admin'], ['artist', '/library/podcasts']]) {
  await page.goto(base + path);
  await page.waitForTimeout(2500);
  if (name === 'artist') { await page.getByRole('link', { name: 'Shoal Weekly' }).first().click(); await page.waitForTimeout(1500); }
  await page.screenshot({ path: `/tmp/browse/${name}.png` });
}
await browser.close();
