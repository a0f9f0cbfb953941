import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    setupFiles: ['local/polyfills.ts'],
    // The AWS SDK's documented switch for its once-per-process notice that its releases after
    // January 2027 need Node 22: each test file is a process, so it repeated ~20 times per run. The
    // pinned SDK runs on Node 20; README "Requirements" records the fact once.
    env: { AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true' },
    // Integration tests start in-process stand-ins (simulator, dynalite, s3rver) on random ports.
    testTimeout: 60_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // Two files at a time on a 2-core machine: most pipeline tests wait on the provider's pacing and
    // latency rather than compute, so the second worker halves the wall time (Vitest's default here
    // is one). The provider-rate test runs alone afterwards (package.json), as it measures arrivals.
    maxWorkers: 2,
  },
});
