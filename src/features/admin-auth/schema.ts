import { z } from 'zod';

export const loginSchema = z.object({
  email: z.string().trim().min(1, 'E-Mail ist erforderlich'),
  password: z.string().min(1, 'Passwort ist erforderlich'),
});
export type LoginValues = z.infer<typeof loginSchema>;

/** Spec §9: password minimum 6 characters. */
export const PASSWORD_MIN_LENGTH = 6;

// The sign-up page keeps the spec's English labels and messages.
export const signUpSchema = z.object({
  email: z.string().trim().min(1, 'Email is required').email('Please enter a valid email'),
  password: z
    .string()
    .min(PASSWORD_MIN_LENGTH, `Password must be at least ${PASSWORD_MIN_LENGTH} characters`),
  confirmPassword: z.string().min(1, 'Please confirm your password'),
});
export type SignUpValues = z.infer<typeof signUpSchema>;
