import { useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { toast } from '@/components/ui/use-toast';
import { formatDateShort } from '@/lib/dates';
import { adminErrorMessage } from '@/lib/error-codes';
import { useSendGiftVoucher } from '../api/send-gift-voucher';
import type { GiftVoucher } from '../types';

const EMAIL = /^[^@\s]+@[^@\s]+\.[^@\s]+$/;

/**
 * 'Per E-Mail senden': the voucher and its printable PDF to the recipient (or the buyer who hands
 * it over), today or on a chosen day; the outbox keeps the mail until then and until delivered.
 */
export function SendGiftVoucherDialog({ voucher, today }: { voucher: GiftVoucher; today: string }) {
  const [open, setOpen] = useState(false);
  const [email, setEmail] = useState('');
  const [sendOn, setSendOn] = useState('');
  const [failure, setFailure] = useState<string | null>(null);
  const emailId = useId();
  const dayId = useId();
  const failureId = useId();
  const send = useSendGiftVoucher();

  function change(next: boolean) {
    if (send.isPending) return;
    if (next) {
      setEmail(voucher.mailed_to);
      setSendOn('');
      setFailure(null);
    }
    setOpen(next);
  }

  async function confirm() {
    const address = email.trim();
    if (!EMAIL.test(address)) {
      setFailure('Bitte geben Sie eine gültige E-Mail-Adresse ein.');
      return;
    }
    if (sendOn && sendOn < today) {
      setFailure('Das Versanddatum darf nicht in der Vergangenheit liegen.');
      return;
    }
    setFailure(null);
    try {
      await send.mutateAsync({ id: voucher.id, email: address, sendOn: sendOn || null });
    } catch (error) {
      setFailure(adminErrorMessage(error, 'Der Gutschein konnte nicht versendet werden.'));
      return;
    }
    toast({
      title: 'Gutschein versendet',
      description:
        sendOn && sendOn > today
          ? `${voucher.code} geht am ${formatDateShort(sendOn)} an ${address}.`
          : `${voucher.code} geht jetzt an ${address}.`,
    });
    setOpen(false);
  }

  return (
    <Dialog open={open} onOpenChange={change}>
      <DialogTrigger asChild>
        <Button type="button" size="sm" variant="outline" aria-label={`${voucher.code} per E-Mail senden`}>
          Per E-Mail senden
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Gutschein per E-Mail senden</DialogTitle>
          <DialogDescription>
            {voucher.code} geht mit dem Gutschein als PDF an diese Adresse, heute oder am gewählten Tag um 8
            Uhr.
          </DialogDescription>
        </DialogHeader>
        <div className="grid gap-4">
          <div className="grid gap-1.5">
            <Label htmlFor={emailId}>E-Mail-Adresse</Label>
            <Input
              id={emailId}
              type="email"
              autoComplete="off"
              maxLength={254}
              value={email}
              aria-describedby={failure ? failureId : undefined}
              onChange={(event) => setEmail(event.target.value)}
            />
          </div>
          <div className="grid gap-1.5">
            <Label htmlFor={dayId}>Versenden am (leer: sofort)</Label>
            <Input
              id={dayId}
              type="date"
              min={today}
              value={sendOn}
              onChange={(event) => setSendOn(event.target.value)}
            />
          </div>
        </div>
        {failure ? (
          <p
            id={failureId}
            role="alert"
            className="rounded-md border border-destructive/40 bg-destructive/10 p-3 text-sm"
          >
            {failure}
          </p>
        ) : null}
        <DialogFooter>
          <Button type="button" variant="outline" onClick={() => change(false)} disabled={send.isPending}>
            Abbrechen
          </Button>
          <Button type="button" onClick={() => void confirm()} disabled={send.isPending}>
            {send.isPending ? 'Wird gesendet…' : 'Senden'}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
