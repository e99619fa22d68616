import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useForm } from 'react-hook-form';
import { describe, expect, it, vi } from 'vitest';
import { CodeRedeemInput } from '@/features/booking/components/code-redeem-input';
import { Form, FormField, FormItem, FormLabel, FormMessage } from '@/components/ui/form';

// The code input of the booking form (discount code, gift voucher): an empty code is refused at
// the field with the field's own words and asks nothing; a code goes on trimmed, in capitals.

function CodeForm({ onRedeem }: { onRedeem: (code: string) => void }) {
  const form = useForm<{ code: string }>({ defaultValues: { code: '' } });
  return (
    <Form {...form}>
      <FormField
        control={form.control}
        name="code"
        render={({ field }) => (
          <FormItem>
            <FormLabel>Gutscheincode (optional)</FormLabel>
            <CodeRedeemInput
              field={field}
              redeemLabel="Gutschein einlösen"
              emptyMessage="Bitte gib den Gutscheincode ein."
              checking={false}
              onRedeem={onRedeem}
              onEdited={() => undefined}
            />
            <FormMessage />
          </FormItem>
        )}
      />
    </Form>
  );
}

describe('CodeRedeemInput', () => {
  it('refuses an empty code (or only spaces) at the field and focuses it', async () => {
    const user = userEvent.setup();
    const onRedeem = vi.fn();
    render(<CodeForm onRedeem={onRedeem} />);
    await user.type(screen.getByLabelText('Gutscheincode (optional)'), '   ');
    await user.click(screen.getByRole('button', { name: 'Gutschein einlösen' }));
    expect(await screen.findByText('Bitte gib den Gutscheincode ein.')).toBeInTheDocument();
    expect(screen.getByLabelText('Gutscheincode (optional)')).toHaveFocus();
    expect(onRedeem).not.toHaveBeenCalled();
  });

  it('redeems the code trimmed, by the button and by Enter', async () => {
    const user = userEvent.setup();
    const onRedeem = vi.fn();
    render(<CodeForm onRedeem={onRedeem} />);
    await user.type(screen.getByLabelText('Gutscheincode (optional)'), ' gs-7k3m ');
    await user.click(screen.getByRole('button', { name: 'Gutschein einlösen' }));
    await user.type(screen.getByLabelText('Gutscheincode (optional)'), '{Enter}');
    expect(onRedeem.mock.calls).toEqual([['GS-7K3M'], ['GS-7K3M']]);
    expect(screen.queryByText('Bitte gib den Gutscheincode ein.')).not.toBeInTheDocument();
  });
});
