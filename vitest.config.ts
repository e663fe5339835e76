import { defineConfig } from 'vitest/config';
// @ts-expect-error: a build script, plain JavaScript
import { inlinedPackages, vitePatches } from './scripts/build-patches.mjs';

export default defineConfig({
  // The bundle's patches to Ink and the packages it renders with (one table, scripts/build-patches.mjs):
  // tests render with the Ink users get. test/build/renderer.test.ts compares frames with the bundle's.
  plugins: [vitePatches()],
  test: {
    include: ['test/**/*.test.{ts,tsx}'],
    testTimeout: 20_000,
    hookTimeout: 30_000,
    // tmux end-to-end tests share one tmux server; files run in parallel, tests in a file in order.
    pool: 'forks',
    // Patched packages and their importers go through vite (and so the patches), not straight to Node.
    server: { deps: { inline: inlinedPackages() } },
    reporters: process.env.CI ? ['default'] : ['default'],
  },
});
