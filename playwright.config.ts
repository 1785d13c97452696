import { defineConfig, devices } from '@playwright/test';
import { E2E_PORT } from './tests/e2e/ports';

const chromium = {
  ...devices['Desktop Chrome'],
  // Debian's Chromium: Playwright's own browser builds are not installed here.
  launchOptions: {
    executablePath: '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  },
  headless: true,
};

export default defineConfig({
  testDir: 'tests/e2e',
  globalSetup: './tests/e2e/global-setup.ts',
  fullyParallel: true,
  // Two cores run the browser, the API and the emulator; more workers only make the timing checks noisy.
  workers: 2,
  retries: process.env.CI ? 1 : 0,
  forbidOnly: Boolean(process.env.CI),
  // The JSON report feeds `npm run test:profile`.
  reporter: [['list'], ['json', { outputFile: '.data/test-results/playwright.json' }]],
  timeout: 45_000,
  expect: { timeout: 10_000 },
  outputDir: `test-results/e2e-${E2E_PORT}`,
  use: {
    baseURL: `http://localhost:${E2E_PORT}`,
    // A failed test keeps its trace (each action's DOM, the network, the console) and its picture. The trace's
    // film strip is left out: recording it for every test cost a sixth of the suite's time.
    trace: { mode: 'retain-on-failure', screenshots: false },
    screenshot: 'only-on-failure',
  },
  projects: [
    // Tests tagged @phone are about what only a phone-sized screen has (the drawer), @desktop about what only a wide
    // one has (the header's menus): each runs in its own project only, rather than being skipped in the other.
    { name: 'desktop', grepInvert: /@phone|@alone/, use: { ...chromium, viewport: { width: 1280, height: 800 } } },
    // Below the 960 px breakpoint, so the header shows the drawer instead of the menus.
    { name: 'mobile', grepInvert: /@desktop|@alone/, use: { ...chromium, viewport: { width: 390, height: 844 } } },
    // Tests tagged @alone change what every other test sees (Gut Start hidden stops the promotion that each sign-in
    // waits for): they run once the two projects above have finished, at the desktop width. A file filter does not
    // apply to those two, so run such a file by itself with --no-deps --workers=1.
    {
      name: 'alone',
      grep: /@alone/,
      dependencies: ['desktop', 'mobile'],
      use: { ...chromium, viewport: { width: 1280, height: 800 } },
    },
  ],
});
