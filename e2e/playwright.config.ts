import { resolve } from 'node:path';
import { defineConfig } from '@playwright/test';
import {
  baseURL,
  chromiumLaunchOptions,
  dataRoot,
  demoPassword,
  gatewayBinary,
  mainPort,
  webDir,
} from './support/environment';

const mainData = resolve(dataRoot, `main-${mainPort}`);

export default defineConfig({
  testDir: './tests',
  fullyParallel: true,
  workers: 2,
  retries: 0,
  timeout: 30_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [['list']] : [['list']],
  use: {
    baseURL,
    browserName: 'chromium',
    launchOptions: chromiumLaunchOptions,
    trace: 'retain-on-failure',
  },
  // The real gateway with its embedded pod, started fresh on an empty data directory for each run.
  webServer: {
    command: `rm -rf '${mainData}' && mkdir -p '${mainData}' && exec '${gatewayBinary}' --listen 127.0.0.1:${mainPort} --data '${mainData}' --web '${webDir}' --demo-password '${demoPassword}'`,
    url: `${baseURL}/settings.json`,
    reuseExistingServer: false,
    timeout: 180_000,
    stdout: 'ignore',
    stderr: 'pipe',
  },
});
