import { Copy } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { Button } from '@/components/ui/button';
import { toast } from '@/components/ui/use-toast';
import { formatDateShort } from '@/lib/dates';
import { formatChf } from '@common/format.ts';
import { kindText } from '../lib/gift-voucher-display';
import type { GiftVoucher } from '../types';
import { VoucherCode } from './voucher-code';

/**
 * The code of the voucher just issued, large enough to read out on the phone, with a copy button.
 * Focus moves to it, so a screen reader announces the code and the keyboard starts there.
 */
export function IssuedVoucherNotice({ voucher }: { voucher: GiftVoucher }) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), [voucher.id]);

  async function copy() {
    try {
      // Missing outside a secure context; the code stays selectable by hand.
      if (!navigator.clipboard) throw new Error('no clipboard');
      await navigator.clipboard.writeText(voucher.code);
      toast({ title: 'Code kopiert', description: voucher.code });
    } catch {
      toast({
        title: 'Nicht kopiert',
        description: 'Bitte markieren und kopieren Sie den Code von Hand.',
        variant: 'destructive',
      });
    }
  }

  return (
    <div
      role="region"
      aria-labelledby="issued-voucher-heading"
      className="space-y-3 rounded-lg border-2 border-primary bg-card p-4"
    >
      <h3 id="issued-voucher-heading" ref={heading} tabIndex={-1} className="font-semibold outline-none">
        Gutschein ausgestellt
      </h3>
      <p className="select-all font-mono text-xl font-semibold tracking-wide sm:text-2xl">
        <VoucherCode code={voucher.code} />
      </p>
      <p className="text-sm text-muted-foreground">
        {kindText(voucher)} · {formatChf(voucher.value_cents / 100)} · gültig bis{' '}
        {formatDateShort(voucher.valid_until)}
        {voucher.recipient_name ? ` · für ${voucher.recipient_name}` : ''}
      </p>
      <Button type="button" variant="outline" onClick={() => void copy()}>
        <Copy aria-hidden="true" />
        Code kopieren
      </Button>
    </div>
  );
}
