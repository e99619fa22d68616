import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

// findBy*/waitFor poll for a state; lazy route chunks can take longer than Testing Library's
// 1 s default on a loaded two-core machine. The state is still awaited, never a fixed sleep.
configure({ asyncUtilTimeout: 5_000 });

afterEach(() => {
  cleanup();
  window.localStorage.clear();
});
