import { z } from 'zod';

export const loginSchema = z.object({
  email: z.string().trim().min(1, 'E-Mail ist erforderlich'),
  password: z.string().min(1, 'Passwort ist erforderlich'),
});
export type LoginValues = z.infer<typeof loginSchema>;

/** Spec §9: password minimum 6 characters. */
export const PASSWORD_MIN_LENGTH = 6;

// The spec keeps the sign-up page in English; the admin reads German in the "Sie" form
// everywhere (docs/deviations.md).
export const signUpSchema = z.object({
  email: z
    .string()
    .trim()
    .min(1, 'E-Mail ist erforderlich')
    .email('Bitte geben Sie eine gültige E-Mail-Adresse ein'),
  password: z
    .string()
    .min(PASSWORD_MIN_LENGTH, `Das Passwort muss mindestens ${PASSWORD_MIN_LENGTH} Zeichen lang sein`),
  confirmPassword: z.string().min(1, 'Bitte bestätigen Sie Ihr Passwort'),
});
export type SignUpValues = z.infer<typeof signUpSchema>;
