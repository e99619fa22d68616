import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { describeBookingChangeError, BookingChangeError } from '@/features/booking/lib/booking-change-errors';
import { describeRegistrationError, RegistrationError } from '@/features/booking/lib/registration-errors';
import { adminErrorMessage, ADMIN_GENERIC_ERROR, errorCode } from '@/lib/error-codes';
import { ADMIN_ERROR_MESSAGES, ERROR_CODES, VISITOR_ERROR_MESSAGES } from '@common/error-codes.ts';
import { codesRaisedInFiles } from '../support/raised-codes';

// The site knows the database's codes from the generated list (src/types/error-codes.ts, from
// public.error_codes). A code the SQL raises but the list lacks (a migration without a fresh
// `npm run db:types`) would reach a visitor or admin as the generic text: this fails first.

const root = join(import.meta.dirname, '..', '..');

describe('the generated error codes', () => {
  it('contain every code a raise exception in the SQL files raises', async () => {
    const raised = await codesRaisedInFiles([
      join(root, 'supabase', 'migrations'),
      join(root, 'supabase', 'schemas'),
    ]);
    expect(raised.size).toBeGreaterThan(20);
    const unknown = [...raised.keys()].filter((code) => errorCode(code) === null);
    expect(unknown, 'missing from src/types/error-codes.ts: run `npm run db:types`').toEqual([]);
  });

  it('give every code a text for visitors or admins', () => {
    const withoutText = ERROR_CODES.filter(
      (code) => !(code in VISITOR_ERROR_MESSAGES) && !(code in ADMIN_ERROR_MESSAGES),
    );
    expect(withoutText).toEqual([]);
  });

  it('are what the pages show, and an unknown code gets the calm generic text', () => {
    const sold = describeRegistrationError(new RegistrationError(errorCode('EVENT_SOLD_OUT'), 'x'));
    expect(sold.inline).toBe(VISITOR_ERROR_MESSAGES.EVENT_SOLD_OUT);
    expect(describeBookingChangeError(new BookingChangeError(errorCode('BOOKING_CANCELLED'), 'x'))).toBe(
      VISITOR_ERROR_MESSAGES.BOOKING_CANCELLED,
    );
    expect(adminErrorMessage({ message: 'MAIL_NOT_FAILED' })).toBe(ADMIN_ERROR_MESSAGES.MAIL_NOT_FAILED);

    expect(errorCode('SOMETHING_NEW')).toBeNull();
    expect(describeRegistrationError(new RegistrationError(errorCode('SOMETHING_NEW'), 'x')).inline).toBe(
      'Es gab ein Problem bei der Anmeldung. Bitte versuche es später erneut.',
    );
    expect(adminErrorMessage({ message: 'SOMETHING_NEW' })).toBe(ADMIN_GENERIC_ERROR);
  });
});
