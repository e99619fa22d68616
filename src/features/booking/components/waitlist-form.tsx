import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router-dom';
import { PROOF_OF_WORK_FAILED, useProofOfWork } from '@/components/proof-of-work';
import { Button } from '@/components/ui/button';
import { Form } from '@/components/ui/form';
import { useJoinWaitlist, type WaitlistJoined } from '../api/join-waitlist';
import type { EventQuestion } from '@/lib/event-questions';
import {
  RegistrationError,
  answerRefusal,
  describeRegistrationError,
  refusedField,
} from '../lib/registration-errors';
import { WAITLIST_MESSAGES, WaitlistError, waitlistRefusedField } from '../lib/waitlist-errors';
import {
  answersChecked,
  emptyAnswers,
  waitlistSchema,
  type WaitlistInput,
  type WaitlistValues,
} from '../schema';
import { ContactFields, PersonsField } from './contact-fields';
import { EventQuestionsFields } from './event-questions-fields';

const NO_QUESTIONS: readonly EventQuestion[] = [];

export interface WaitlistFormProps {
  eventId: string;
  /** The event's per-booking limit (max_persons_per_booking). */
  maxPersons: number;
  /** What the visitor already typed into the booking form (nothing typed is lost). */
  initial?: Partial<WaitlistInput>;
  /** When the answer shows seats are free again (the page reloads the event). */
  onEventChanged?: () => void;
  /** The event's questions: answered here, the claim books with these answers. */
  questions?: readonly EventQuestion[];
}

const WAITLIST_FIELDS = ['name', 'email', 'phone', 'persons'] as const;

function isWaitlistField(field: string): field is (typeof WAITLIST_FIELDS)[number] {
  return (WAITLIST_FIELDS as readonly string[]).includes(field);
}

function describe(error: unknown): string {
  if (error instanceof WaitlistError) return WAITLIST_MESSAGES[error.code];
  return describeRegistrationError(error).inline;
}

/** The place on the list after joining; the focus moves here so screen readers read it. */
function Joined({ joined }: { joined: WaitlistJoined }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => ref.current?.focus(), []);
  return (
    <div ref={ref} tabIndex={-1} role="status" className="space-y-3 outline-none">
      <p className="font-semibold">Du stehst auf Platz {joined.position} der Warteliste.</p>
      <p className="text-sm text-muted-foreground">
        Sobald Plätze frei werden, schicken wir dir ein Angebot per E-Mail. Die Bestätigung mit dem Link zum
        Austragen ist unterwegs.
      </p>
      <Button asChild variant="outline">
        <Link to={`/warteliste/austragen#${joined.leave_token}`}>Von der Warteliste austragen</Link>
      </Button>
    </div>
  );
}

/** 'Auf die Warteliste' (name, e-mail, phone, persons, challenge as in the booking form). */
export function WaitlistForm({
  eventId,
  maxPersons,
  initial,
  onEventChanged,
  questions = NO_QUESTIONS,
}: WaitlistFormProps) {
  const join = useJoinWaitlist(eventId);
  const proofOfWork = useProofOfWork();
  const [submitError, setSubmitError] = useState<string | null>(null);
  const [joined, setJoined] = useState<WaitlistJoined | null>(null);
  const schema = useMemo(() => answersChecked(waitlistSchema, questions), [questions]);
  const form = useForm<WaitlistInput, unknown, WaitlistValues>({
    resolver: zodResolver(schema),
    defaultValues: {
      name: '',
      email: '',
      phone: '',
      persons: 1,
      ...initial,
      answers: { ...emptyAnswers(questions), ...initial?.answers },
    },
  });

  if (joined) return <Joined joined={joined} />;

  const submit = async (values: WaitlistValues) => {
    setSubmitError(null);
    try {
      const altcha = await proofOfWork.solve().catch(() => {
        throw new RegistrationError(null, 'proof of work failed', PROOF_OF_WORK_FAILED);
      });
      setJoined(await join.mutateAsync({ values, altcha }));
    } catch (error) {
      const refused = waitlistRefusedField(error) ?? refusedField(error);
      if (refused && isWaitlistField(refused.field)) {
        // The server refused a field the form let through, or the address is on the list (or
        // booked) already: the message stands at that field.
        form.setError(refused.field, { type: 'server', message: refused.message }, { shouldFocus: true });
        return;
      }
      setSubmitError(describe(error));
      const refusal = answerRefusal(error);
      if (refusal) {
        form.setError(`answers.${refusal.questionId}`, { message: refusal.message }, { shouldFocus: true });
      }
      if (error instanceof WaitlistError && error.code === 'SEATS_AVAILABLE') onEventChanged?.();
    }
  };

  const busy = form.formState.isSubmitting || join.isPending;
  const choices = Array.from({ length: Math.max(maxPersons, 1) }, (_, index) => index + 1);

  return (
    <Form {...form}>
      <form
        noValidate
        aria-label="Warteliste"
        className="space-y-5"
        onChange={() => setSubmitError(null)}
        onFocus={proofOfWork.start}
        onSubmit={(event) => void form.handleSubmit(submit)(event)}
      >
        <ContactFields />
        <PersonsField choices={choices} />
        <EventQuestionsFields questions={questions} />
        {submitError ? (
          <p
            role="alert"
            className="rounded-md border border-destructive/40 bg-destructive/10 p-3 text-sm text-destructive"
          >
            {submitError}
          </p>
        ) : null}
        <p className="text-sm text-muted-foreground">
          Wir verwenden deine Angaben nur für die Warteliste dieses Events. Mehr dazu in der{' '}
          <Link to="/datenschutz" className="underline underline-offset-4 hover:text-foreground">
            Datenschutzerklärung
          </Link>
          .
        </p>
        {proofOfWork.field}
        <Button type="submit" size="lg" className="w-full" disabled={busy}>
          {busy ? 'Wird verarbeitet…' : 'Auf die Warteliste'}
        </Button>
      </form>
    </Form>
  );
}
