import { fileURLToPath, URL } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

// The same aliases as vite.config.ts ('@common': the code shared with the edge functions).
const alias = {
  '@': fileURLToPath(new URL('./src', import.meta.url)),
  '@common': fileURLToPath(new URL('./supabase/functions/_common', import.meta.url)),
};

// Two projects: fast jsdom component/unit tests, and integration tests that run
// against one real local stack (Postgres + gateway + Deno) started by the global setup.
export default defineConfig({
  plugins: [react()],
  resolve: { alias },
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          environment: 'jsdom',
          globals: true,
          include: ['src/**/*.test.{ts,tsx}', 'tests/unit/**/*.test.{ts,tsx}'],
          setupFiles: ['tests/support/setup-dom.ts'],
          // Component tests render whole pages; on a loaded two-core CI machine a few take longer
          // than vitest's 5 s default although nothing is wrong. A real hang still fails.
          testTimeout: 20_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'integration',
          environment: 'node',
          globals: true,
          include: [
            'tests/db/**/*.test.ts',
            'tests/local-stack/**/*.test.ts',
            'tests/functions/**/*.test.ts',
            'tests/integration/**/*.test.{ts,tsx}',
          ],
          globalSetup: ['tests/support/global-setup.ts'],
          // supabase-js needs a global WebSocket, which Node 20 only has behind this flag.
          execArgv: 'WebSocket' in globalThis ? [] : ['--experimental-websocket'],
          testTimeout: 60_000,
          hookTimeout: 180_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
