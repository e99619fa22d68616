import type * as ProofOfWorkModule from '@/components/proof-of-work';

// Component tests run in jsdom, which has no Web Workers for the ALTCHA widget. Forms get a
// proof of work that is already solved; the widget itself and the server's checks are tested
// against the real stack (tests/functions/abuse-protection.test.ts) and in the browser (e2e).
//
//   vi.mock('@/components/proof-of-work', (original) => solvedProofOfWork(original));

export const STUB_ALTCHA_PAYLOAD = 'solved-altcha-payload';

export async function solvedProofOfWork(
  importOriginal: () => Promise<unknown>,
): Promise<typeof ProofOfWorkModule> {
  const actual = (await importOriginal()) as typeof ProofOfWorkModule;
  return {
    ...actual,
    useProofOfWork: () => ({
      start: () => undefined,
      solve: () => Promise.resolve(STUB_ALTCHA_PAYLOAD),
      field: null,
    }),
  };
}
