import type { ReactNode } from 'react';
import type { FieldValues, SubmitHandler, UseFormReturn } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { Form } from '@/components/ui/form';

interface AuthFormProps<TValues extends FieldValues> {
  form: UseFormReturn<TValues>;
  onSubmit: SubmitHandler<TValues>;
  submitLabel: string;
  /** Replaces the submit label while the request runs. */
  busyLabel: string;
  /** The fields (and any message) above the full-width submit button. */
  children: ReactNode;
}

/** The frame of the login and sign-up forms; the button stays disabled while submitting. */
export function AuthForm<TValues extends FieldValues>({
  form,
  onSubmit,
  submitLabel,
  busyLabel,
  children,
}: AuthFormProps<TValues>) {
  const { isSubmitting } = form.formState;
  return (
    <Form {...form}>
      <form onSubmit={form.handleSubmit(onSubmit)} className="space-y-4" noValidate>
        {children}
        <Button type="submit" className="w-full" disabled={isSubmitting}>
          {isSubmitting ? busyLabel : submitLabel}
        </Button>
      </form>
    </Form>
  );
}
