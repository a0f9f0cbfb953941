import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    setupFiles: ['local/polyfills.ts'],
    // Integration tests start in-process stand-ins (simulator, dynalite, s3rver) on random ports.
    testTimeout: 60_000,
    hookTimeout: 60_000,
    pool: 'forks',
  },
});
