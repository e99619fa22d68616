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
import { Label } from '@/components/ui/label';
import { Textarea } from '@/components/ui/textarea';
import { toast } from '@/components/ui/use-toast';
import { formatChf } from '@common/format.ts';
import { adminErrorMessage, errorCodeOf } from '@/lib/error-codes';
import { useVoidGiftVoucher } from '../api/void-gift-voucher';
import type { GiftVoucher } from '../types';

const REASON_MAX = 2000;

/**
 * 'Ungültig machen': asks for the reason, then voids. Not the shared ConfirmDialog: that one has no
 * fields and closes before the database answers; here a refusal stays in the dialog with the reason.
 */
export function VoidGiftVoucherDialog({
  voucher,
  onVoided,
}: {
  voucher: GiftVoucher;
  /** Takes the focus once the dialog has closed: its button goes with the voucher's new state. */
  onVoided: () => void;
}) {
  const [open, setOpen] = useState(false);
  const [voided, setVoided] = useState(false);
  const [reason, setReason] = useState('');
  const [failure, setFailure] = useState<string | null>(null);
  const reasonId = useId();
  const failureId = useId();
  const voidVoucher = useVoidGiftVoucher();

  function change(next: boolean) {
    if (voidVoucher.isPending) return;
    if (next) {
      setReason('');
      setFailure(null);
      setVoided(false);
    }
    setOpen(next);
  }

  async function confirm() {
    if (!reason.trim()) {
      setFailure('Bitte geben Sie einen Grund an.');
      return;
    }
    setFailure(null);
    // mutateAsync, not mutate's callbacks: those are dropped when the list, read again, has
    // already removed this dialog with the voucher's 'Ungültig machen'.
    try {
      await voidVoucher.mutateAsync({ id: voucher.id, reason: reason.trim() });
    } catch (error) {
      // INVALID_INPUT on 'id': no active voucher with this id, someone voided it meanwhile.
      const alreadyVoid =
        errorCodeOf(error) === 'INVALID_INPUT' && (error as { details?: unknown }).details === 'id';
      setFailure(
        alreadyVoid
          ? 'Dieser Gutschein ist bereits ungültig.'
          : adminErrorMessage(error, 'Der Gutschein konnte nicht ungültig gemacht werden.'),
      );
      return;
    }
    toast({ title: 'Gutschein ungültig', description: `${voucher.code} kann nicht mehr eingelöst werden.` });
    setVoided(true);
    setOpen(false);
  }

  return (
    <Dialog open={open} onOpenChange={change}>
      <DialogTrigger asChild>
        <Button type="button" size="sm" variant="outline" aria-label={`${voucher.code} ungültig machen`}>
          Ungültig machen
        </Button>
      </DialogTrigger>
      <DialogContent
        onCloseAutoFocus={(event) => {
          if (!voided) return;
          event.preventDefault();
          onVoided();
        }}
      >
        <DialogHeader>
          <DialogTitle>Gutschein ungültig machen</DialogTitle>
          <DialogDescription>
            {voucher.code} (Guthaben {formatChf(voucher.balance_cents / 100)}) kann danach nicht mehr
            eingelöst werden. Das lässt sich nicht rückgängig machen; bereits eingelöste Beträge bleiben bei
            ihren Buchungen.
          </DialogDescription>
        </DialogHeader>
        <div className="grid gap-1.5">
          <Label htmlFor={reasonId}>Grund (nur intern)</Label>
          <Textarea
            id={reasonId}
            rows={3}
            maxLength={REASON_MAX}
            required
            value={reason}
            aria-invalid={failure !== null && !reason.trim()}
            aria-describedby={failure ? failureId : undefined}
            onChange={(event) => setReason(event.target.value)}
          />
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
          <Button
            type="button"
            variant="outline"
            onClick={() => change(false)}
            disabled={voidVoucher.isPending}
          >
            Abbrechen
          </Button>
          <Button
            type="button"
            variant="destructive"
            onClick={() => void confirm()}
            disabled={voidVoucher.isPending}
          >
            {voidVoucher.isPending ? 'Wird gespeichert…' : 'Ungültig machen'}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
