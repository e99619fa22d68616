import { z } from 'zod';
import { nameProblem } from '@common/contact-rules.ts';

// A visitor's name in the booking, waiting-list and contact forms: the functions' rule
// (@common/contact-rules), so the form shows at the field what the server would refuse.

/** A required name; `missing` is the field's text when it is empty. */
export function nameSchema(missing: string) {
  return z
    .string()
    .trim()
    .min(1, missing)
    .superRefine((name, context) => {
      const problem = name === '' ? null : nameProblem(name);
      if (problem) context.addIssue({ code: 'custom', message: problem });
    });
}
