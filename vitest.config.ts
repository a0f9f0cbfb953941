import { defineConfig } from 'vitest/config';

/** Tests that start no stand-in and share no port, clock or process state across files. */
const SHARED_PROCESS = ['test/unit/**/*.test.ts', 'test/infra/**/*.test.ts'];
/** Measures arrivals at the provider against its rate limit: run alone (`npm test` runs it last). */
const PACING = ['test/integration/provider/shared-rate-limit.test.ts'];

export default defineConfig({
  test: {
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
    // is one).
    maxWorkers: 2,
    projects: [
      {
        extends: true,
        // Unit and infrastructure files run one after another in a worker that keeps its modules:
        // loading the SDK, zod schemas and aws-cdk-lib again for each of ~185 files was most of
        // their time (unit 79 s -> 29 s, infra 125 s -> 46 s alone on 2 cores). They passed in two
        // shuffled orders (`--sequence.shuffle`), the check to repeat when adding a file here.
        test: { name: 'shared-process', include: SHARED_PROCESS, isolate: false },
      },
      {
        extends: true,
        // Everything that starts a world (simulator, dynalite, s3rver, Chromium, a CLI process)
        // keeps a process per file: ports, signal handlers and clocks stay its own.
        test: { name: 'worlds', include: ['test/**/*.test.ts'], exclude: [...SHARED_PROCESS, ...PACING] },
      },
      { extends: true, test: { name: 'pacing', include: PACING } },
    ],
  },
});
