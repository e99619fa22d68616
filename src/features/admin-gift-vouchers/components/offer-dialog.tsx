import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { CheckboxField } from '@/components/ui/checkbox-field';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '@/components/ui/dialog';
import { Form, TextAreaField, TextField } from '@/components/ui/form';
import { toast } from '@/components/ui/use-toast';
import { adminErrorMessage } from '@/lib/error-codes';
import { useSaveGiftVoucherOffer } from '../api/gift-voucher-offers';
import { EMPTY_OFFER, offerSchema, toOfferForm, toOfferValues, type OfferFormValues } from '../offer-schema';
import type { GiftVoucherOffer } from '../types';

/**
 * 'Angebot hinzufügen' (no `offer`) or 'Bearbeiten': a dialog, so the list keeps its place. It
 * stays open on a refusal, with what was typed.
 */
export function OfferDialog({ offer, position }: { offer?: GiftVoucherOffer; position: number }) {
  const [open, setOpen] = useState(false);
  const save = useSaveGiftVoucherOffer();
  const form = useForm<OfferFormValues>({ resolver: zodResolver(offerSchema), defaultValues: EMPTY_OFFER });
  const title = offer ? 'Angebot bearbeiten' : 'Angebot hinzufügen';

  function change(next: boolean) {
    if (save.isPending) return;
    if (next) form.reset(offer ? toOfferForm(offer) : EMPTY_OFFER);
    setOpen(next);
  }

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      await save.mutateAsync({ id: offer?.id, position, ...toOfferValues(values) });
    } catch (error) {
      toast({
        title: 'Nicht gespeichert',
        description: adminErrorMessage(error, 'Das Angebot konnte nicht gespeichert werden.'),
        variant: 'destructive',
      });
      return;
    }
    toast({ title: offer ? 'Angebot gespeichert' : 'Angebot hinzugefügt', description: values.title });
    setOpen(false);
  });

  return (
    <Dialog open={open} onOpenChange={change}>
      <DialogTrigger asChild>
        {offer ? (
          <Button type="button" size="sm" variant="outline" aria-label={`Bearbeiten: ${offer.title}`}>
            Bearbeiten
          </Button>
        ) : (
          <Button type="button">Angebot hinzufügen</Button>
        )}
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>
            Aktive Angebote können auf der Seite «Gutscheine» gekauft werden; der Gutschein ist so viel wert
            wie der Preis. Eine Änderung gilt für neue Bestellungen.
          </DialogDescription>
        </DialogHeader>
        <Form {...form}>
          <form
            noValidate
            aria-label={title}
            className="grid gap-4"
            onSubmit={(event) => void onSubmit(event)}
          >
            <TextField
              control={form.control}
              name="title"
              label="Titel (steht auf dem Gutschein)"
              placeholder="Fondue-Abend für 2 Personen"
              autoComplete="off"
              maxLength={120}
              required
            />
            <TextAreaField
              control={form.control}
              name="description"
              label="Beschreibung (optional)"
              rows={3}
              maxLength={500}
              description={(value) => `${value.length} von 500 Zeichen`}
            />
            <TextField
              control={form.control}
              name="price"
              label="Preis in CHF"
              inputMode="decimal"
              autoComplete="off"
              required
            />
            <CheckboxField
              control={form.control}
              name="active"
              label="Aktiv (auf der Seite «Gutscheine» kaufbar)"
            />
            <DialogFooter>
              <Button type="button" variant="outline" onClick={() => change(false)} disabled={save.isPending}>
                Abbrechen
              </Button>
              <Button type="submit" disabled={save.isPending}>
                {save.isPending ? 'Wird gespeichert…' : 'Speichern'}
              </Button>
            </DialogFooter>
          </form>
        </Form>
      </DialogContent>
    </Dialog>
  );
}
