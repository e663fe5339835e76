import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.{ts,tsx}'],
    testTimeout: 20_000,
    hookTimeout: 30_000,
    // tmux end-to-end tests share one tmux server; files run in parallel, tests in a file in order.
    pool: 'forks',
    reporters: process.env.CI ? ['default'] : ['default'],
  },
});
