/**
 * Playwright fixtures for the specs' own data (as cal.com's `users.create()`): a test asks for
 * `events`, `participants`, `stories`, `accounts` or `uploads`, creates what it needs, and everything it
 * created is removed after it, passed or failed. The database the browser tests run on holds no
 * seed events, so a test that needs one makes it here. See tests/README.md.
 *
 *   import { expect, test } from '../support/e2e-fixtures';
 *
 *   test('a full event shows its notice', async ({ page, events, participants }) => {
 *     const event = await events.create({ max_participants: 2 });
 *     await participants.fill(event);
 *     await gotoHydrated(page, `/events/${event.slug}`);
 *   });
 */
import { test as base } from '@playwright/test';
import { stackFacts, type StackFacts } from './e2e-env';
import { TestData } from './e2e-data';

export { expect } from '@playwright/test';
export { inDays, select, unique, type EventRow, type ParticipantRow, type StoryRow } from './e2e-data';

export interface DataFixtures {
  events: {
    create: TestData['createEvent'];
    /** An event the test creates through the admin UI, deleted afterwards by its title. */
    removeAfterwards: TestData['removeEventsTitled'];
  };
  participants: {
    create: TestData['createParticipant'];
    fill: TestData['fillEvent'];
    cancel: TestData['cancelParticipant'];
  };
  stories: { create: TestData['createStory'] };
  discountCodes: { create: TestData['createDiscountCode'] };
  /** Gift vouchers issued through the admin UI or bought on /gutscheine, deleted by the recipient's name. */
  giftVouchers: {
    removeAfterwards: TestData['removeGiftVouchersFor'];
  };
  /** An account the test signs up through the UI, deleted afterwards by its e-mail address. */
  accounts: { removeAfterwards: TestData['removeAccountAfterwards'] };
  /** A file the test uploads through the UI, deleted afterwards by its public URL. */
  uploads: { removeAfterwards: TestData['removeUploadAfterwards'] };
  /** The local admin of the running stack. */
  admin: StackFacts['admin'];
}

interface Internal {
  testData: TestData;
}

// The second parameter is Playwright's `use`, named `provide` here so the React hooks lint rule
// does not take it for React's `use`.
export const test = base.extend<DataFixtures & Internal>({
  // Playwright reads a fixture's dependencies from its first parameter's pattern: none here.
  // eslint-disable-next-line no-empty-pattern
  testData: async ({}, provide) => {
    const data = new TestData();
    await provide(data);
    await data.removeAll();
  },
  events: async ({ testData }, provide) => {
    await provide({
      create: (values) => testData.createEvent(values),
      removeAfterwards: (title) => testData.removeEventsTitled(title),
    });
  },
  participants: async ({ testData }, provide) => {
    await provide({
      create: (event, values) => testData.createParticipant(event, values),
      fill: (event) => testData.fillEvent(event),
      cancel: (participant) => testData.cancelParticipant(participant),
    });
  },
  discountCodes: async ({ testData }, provide) => {
    await provide({ create: (values) => testData.createDiscountCode(values) });
  },
  giftVouchers: async ({ testData }, provide) => {
    await provide({
      removeAfterwards: (name) => testData.removeGiftVouchersFor(name),
    });
  },
  stories: async ({ testData }, provide) => {
    await provide({ create: (values) => testData.createStory(values) });
  },
  accounts: async ({ testData }, provide) => {
    await provide({ removeAfterwards: (email) => testData.removeAccountAfterwards(email) });
  },
  uploads: async ({ testData }, provide) => {
    await provide({ removeAfterwards: (url) => testData.removeUploadAfterwards(url) });
  },
  // eslint-disable-next-line no-empty-pattern
  admin: async ({}, provide) => {
    await provide(stackFacts().admin);
  },
});
