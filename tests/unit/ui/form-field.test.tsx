import { zodResolver } from '@hookform/resolvers/zod';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useForm } from 'react-hook-form';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { Form, TextField } from '@/components/ui/form';

const schema = z.object({ name: z.string().min(1, 'Bitte Namen angeben'), city: z.string() });
type Values = z.infer<typeof schema>;

function Example() {
  const form = useForm<Values>({ resolver: zodResolver(schema), defaultValues: { name: '', city: '' } });
  return (
    <Form {...form}>
      <form onSubmit={form.handleSubmit(() => undefined)} noValidate>
        <TextField control={form.control} name="name" label="Name" />
        <TextField control={form.control} name="city" label="Ort" description={() => 'Wo wohnst du?'} />
        <button type="submit">Senden</button>
      </form>
    </Form>
  );
}

describe('form fields', () => {
  it('point aria-describedby only at a description or message that is rendered', async () => {
    render(<Example />);
    const name = screen.getByLabelText('Name');
    expect(name).not.toHaveAttribute('aria-describedby');
    expect(name).toHaveAttribute('aria-invalid', 'false');
    expect(screen.getByLabelText('Ort')).toHaveAccessibleDescription('Wo wohnst du?');

    await userEvent.click(screen.getByRole('button', { name: 'Senden' }));

    // The resolver validates asynchronously, and the message registers itself in an effect:
    // invalid and described arrive on later renders.
    await waitFor(() => {
      expect(name).toHaveAttribute('aria-invalid', 'true');
      expect(name).toHaveAccessibleDescription('Bitte Namen angeben');
    });
  });
});
