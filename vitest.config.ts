import { defineConfig, mergeConfig } from 'vitest/config';
import viteConfig from './vite.config.ts';

export default mergeConfig(
  viteConfig,
  defineConfig({
    test: {
      // The profile reporter feeds `npm run test:profile`.
      reporters: ['default', './tests/profile-reporter.ts'],
      // Both cores (Vitest's default leaves one idle: on this 2-core machine that ran every file one after another).
      maxWorkers: 2,
      // A worker's test files share their modules rather than importing the shop, Chakra and the server again for
      // each file: every file leaves the page, the handlers, storage and the timers as it found them (tests/ui/setup.ts)
      // and each API file starts apps of its own. `npm run test:shuffled` checks that no file or test depends on another.
      isolate: false,
      projects: [
        {
          extends: true,
          test: {
            name: 'machines',
            include: ['tests/machines/**/*.test.ts', 'tests/unit/**/*.test.ts'],
            environment: 'node',
          },
        },
        {
          extends: true,
          test: {
            name: 'ui',
            include: ['tests/ui/**/*.test.tsx'],
            environment: 'jsdom',
            setupFiles: ['tests/ui/setup.ts'],
            // Some screens wait for a real poll (the staff's message list reads itself again every 4 s): 5 s is too
            // tight for them on a busy machine.
            testTimeout: 15_000,
          },
        },
        {
          extends: true,
          test: {
            name: 'api',
            include: ['tests/api/**/*.test.ts'],
            environment: 'node',
            globalSetup: ['tests/api/global-setup.ts'],
            testTimeout: 30_000,
            hookTimeout: 60_000,
          },
        },
      ],
    },
  }),
);
