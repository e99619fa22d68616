import { zodResolver } from '@hookform/resolvers/zod';
import { Leaf } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { PROOF_OF_WORK_FAILED, useProofOfWork } from '@/components/proof-of-work';
import { Button } from '@/components/ui/button';
import { Form, TextField } from '@/components/ui/form';
import { toast } from '@/components/ui/use-toast';
import { useHydrated } from '@/lib/use-hydrated';
import { NEWSLETTER_TEXT } from '../lib/newsletter-outcome';
import { useSubscribeToNewsletter } from '../api/subscribe-to-newsletter';
import { newsletterSchema, type NewsletterFormValues } from '../schema';

/** Newsletter sign-up box shown above the footer on every public page. */
export function NewsletterBox() {
  const form = useForm<NewsletterFormValues>({
    resolver: zodResolver(newsletterSchema),
    defaultValues: { email: '' },
  });
  const subscribe = useSubscribeToNewsletter();
  const proofOfWork = useProofOfWork();
  const busy = form.formState.isSubmitting || subscribe.isPending;
  // The box is a lazy part of the prerendered page: it may hydrate after the rest of it.
  const hydrated = useHydrated();
  // A refusal moves focus to the field once the form is enabled again, so its message is read out.
  const [refused, setRefused] = useState(0);
  useEffect(() => {
    if (refused > 0 && !busy) form.setFocus('email');
  }, [refused, busy, form]);

  const refuse = (message: string) => {
    // Every refusal stands at the field (aria-invalid, announced), not in a toast far from it.
    form.setError('email', { type: 'server', message });
    setRefused((count) => count + 1);
  };

  const onValid = async ({ email }: NewsletterFormValues) => {
    const altcha = await proofOfWork.solve().catch(() => null);
    if (!altcha) {
      refuse(`${NEWSLETTER_TEXT.failureTitle}: ${PROOF_OF_WORK_FAILED}`);
      return;
    }
    const outcome = await subscribe.mutateAsync({ email, altcha });
    if (outcome.ok) {
      toast({ title: outcome.title, description: outcome.description });
      form.reset({ email: '' });
      return;
    }
    refuse(`${outcome.title}: ${outcome.description}`);
  };

  return (
    <section aria-labelledby="newsletter-heading" className="border-t bg-secondary text-secondary-foreground">
      <div className="container grid items-center gap-8 py-14 md:grid-cols-[1.2fr_1fr] md:py-16">
        <div className="space-y-3">
          <p className="flex items-center gap-2 text-sm font-semibold uppercase tracking-widest text-accent">
            <Leaf className="h-4 w-4" aria-hidden="true" /> Newsletter
          </p>
          <h2 id="newsletter-heading" className="text-3xl font-semibold tracking-tight md:text-4xl">
            Geschichten aus Küche, Wald und Atem
          </h2>
          <p className="max-w-prose leading-relaxed text-muted-foreground">
            Neue Events, saisonale Rezepte und Einladungen ans Feuer: etwa einmal im Monat in deinem Postfach.
            Abmelden kannst du dich jederzeit.
          </p>
        </div>
        <Form {...form}>
          {/* The proof-of-work widget loads once the visitor turns to the form, not with the page. */}
          <form noValidate onFocus={proofOfWork.start} onSubmit={form.handleSubmit(onValid)}>
            <fieldset disabled={busy || !hydrated} className="flex flex-col gap-3 sm:flex-row sm:items-start">
              <TextField
                control={form.control}
                name="email"
                label="E-Mail-Adresse"
                className="flex-1"
                inputClassName="h-11"
                type="email"
                autoComplete="email"
                placeholder="du@beispiel.ch"
              />
              {/* sm:mt-7: level with the input below the label; messages grow below both. */}
              <Button type="submit" size="lg" className="h-11 sm:mt-7">
                {busy ? 'Wird angemeldet…' : 'Anmelden'}
              </Button>
            </fieldset>
            {proofOfWork.field ? <div className="mt-3">{proofOfWork.field}</div> : null}
          </form>
        </Form>
      </div>
    </section>
  );
}
