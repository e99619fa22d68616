import { describe, expect, it } from 'vitest';
import { anon, inRolledBackTransaction, service, type Session } from './support/db';
import { insertEvent, insertParticipant } from './support/fixtures';

// Questions per event (supabase/schemas/10_events_and_availability.sql): the event's questions are a checked jsonb
// column; private.book (register_for_event, the waiting list's claim) refuses missing required
// answers and choices outside their options, and stores the answers with their question's text.

const NAME = '11111111-1111-4111-8111-111111111111';
const MENU = '22222222-2222-4222-8222-222222222222';
const PHOTOS = '33333333-3333-4333-8333-333333333333';

const QUESTIONS = [
  { id: NAME, kind: 'text', label: 'Name des Kindes', required: true, options: [] },
  { id: MENU, kind: 'choice', label: 'Menü', required: false, options: ['vegetarisch', 'vegan'] },
  { id: PHOTOS, kind: 'yes_no', label: 'Fotos erlaubt?', required: false, options: [] },
];

const REGISTER = 'select public.register_for_event($1, $2, $3, $4, $5, $6, $7, $8, $9) as result';

async function book(db: Session, eventId: string, answers: unknown, email = 'frage@example.ch') {
  return db.as<{ result: { participant_id: string } }>(service, REGISTER, [
    eventId,
    'Fritz Frage',
    email,
    '+41 79 123 45 67',
    'onsite',
    '',
    null,
    1,
    JSON.stringify(answers),
  ]);
}

async function storedAnswers(db: Session, participantId: string) {
  const [row] = await db.query<{ answers: unknown }>(
    'select answers from public.participants where id = $1',
    [participantId],
  );
  return row?.answers;
}

async function questionsEvent(db: Session) {
  return insertEvent(db, { questions: JSON.stringify(QUESTIONS), max_participants: 10 });
}

describe('questions per event', () => {
  it('refuses a booking without a required answer, naming the question', () =>
    inRolledBackTransaction(async (db) => {
      const event = await questionsEvent(db);
      for (const answers of [{}, { [NAME]: '   ' }, { [NAME]: null }]) {
        const outcome = await book(db, event.id, answers);
        expect(outcome.error?.message).toBe('ANSWER_REQUIRED');
        expect(outcome.error?.detail).toBe(NAME);
      }
      const [count] = await db.query<{ n: number }>(
        'select count(*)::int as n from public.participants where event_id = $1',
        [event.id],
      );
      expect(count?.n).toBe(0);
    }));

  it('refuses a choice outside its options, a yes/no other than Ja/Nein, a non-text and an over-long answer', () =>
    inRolledBackTransaction(async (db) => {
      const event = await questionsEvent(db);
      const cases: [Record<string, unknown>, string][] = [
        [{ [NAME]: 'Mia', [MENU]: 'Fleisch' }, MENU],
        [{ [NAME]: 'Mia', [MENU]: 'Vegan' }, MENU],
        [{ [NAME]: 'Mia', [PHOTOS]: 'vielleicht' }, PHOTOS],
        [{ [NAME]: 7 }, NAME],
        [{ [NAME]: 'x'.repeat(501) }, NAME],
      ];
      for (const [answers, question] of cases) {
        const outcome = await book(db, event.id, answers);
        expect(outcome.error?.message).toBe('ANSWER_INVALID');
        expect(outcome.error?.detail).toBe(question);
      }
      expect((await book(db, event.id, ['not', 'an', 'object'])).error).toMatchObject({
        message: 'INVALID_INPUT',
        detail: 'answers',
      });
    }));

  it('stores the answers with their question text, in the questions order, leaving out empty ones', () =>
    inRolledBackTransaction(async (db) => {
      const event = await questionsEvent(db);
      const outcome = await book(db, event.id, {
        [PHOTOS]: 'Ja',
        [NAME]: '  Mia (7)  ',
        [MENU]: '',
        // A question removed while the visitor was filling in the form: ignored.
        '44444444-4444-4444-8444-444444444444': 'egal',
      });
      expect(outcome.error).toBeNull();
      expect(await storedAnswers(db, outcome.rows[0]!.result.participant_id)).toEqual([
        { question_id: NAME, label: 'Name des Kindes', answer: 'Mia (7)' },
        { question_id: PHOTOS, label: 'Fotos erlaubt?', answer: 'Ja' },
      ]);
    }));

  it('keeps stored answers when the admin renames or deletes the question', () =>
    inRolledBackTransaction(async (db) => {
      const event = await questionsEvent(db);
      const outcome = await book(db, event.id, { [NAME]: 'Mia', [MENU]: 'vegan' });
      expect(outcome.error).toBeNull();
      await db.query('update public.events set questions = $2 where id = $1', [
        event.id,
        JSON.stringify([{ ...QUESTIONS[0], label: 'Vorname des Kindes' }]),
      ]);
      expect(await storedAnswers(db, outcome.rows[0]!.result.participant_id)).toEqual([
        { question_id: NAME, label: 'Name des Kindes', answer: 'Mia' },
        { question_id: MENU, label: 'Menü', answer: 'vegan' },
      ]);
    }));

  it('refuses malformed questions and answers in the table itself', () =>
    inRolledBackTransaction(async (db) => {
      const event = await insertEvent(db);
      const bad = [
        [{ ...QUESTIONS[1], options: ['nur eine'] }],
        [{ ...QUESTIONS[1], options: ['vegan', 'vegan'] }],
        [{ ...QUESTIONS[1], options: [' vegan', 'vegetarisch'] }],
        [{ ...QUESTIONS[0], options: ['a', 'b'] }],
        [{ ...QUESTIONS[0], kind: 'datum' }],
        [{ ...QUESTIONS[0], label: '' }],
        [{ ...QUESTIONS[0], required: 'ja' }],
        [{ ...QUESTIONS[0], id: 'kein-uuid' }],
        [QUESTIONS[0], QUESTIONS[0]],
        [{ ...QUESTIONS[0], extra: 1 }],
        { frage: 'keine Liste' },
        Array.from({ length: 11 }, (_, index) => ({
          ...QUESTIONS[0],
          id: `00000000-0000-4000-8000-${String(index).padStart(12, '0')}`,
        })),
      ];
      for (const questions of bad) {
        const admin = await db.createUser({ admin: true });
        const outcome = await db.as(admin, 'update public.events set questions = $2 where id = $1', [
          event.id,
          JSON.stringify(questions),
        ]);
        expect(outcome.error?.message, JSON.stringify(questions)).toContain('events_questions_check');
      }
      const admin = await db.createUser({ admin: true });
      const good = await db.as(admin, 'update public.events set questions = $2 where id = $1', [
        event.id,
        JSON.stringify(QUESTIONS),
      ]);
      expect(good.error).toBeNull();

      // Bookings are written by the functions only (issue 24): the check holds for them too.
      const participant = await insertParticipant(db, event.id);
      await db.query('savepoint answers');
      const answer = await db
        .query('update public.participants set answers = $2 where id = $1', [
          participant.id,
          JSON.stringify([{ question_id: NAME, label: 'Name', answer: '' }]),
        ])
        .then(
          () => null,
          (error: Error) => error,
        );
      await db.query('rollback to savepoint answers');
      expect(answer?.message).toContain('participants_answers_check');
    }));

  it('lets visitors read the questions of a published event, never anybody else\u2019s answers', () =>
    inRolledBackTransaction(async (db) => {
      const event = await questionsEvent(db);
      const outcome = await book(db, event.id, { [NAME]: 'Mia' });
      expect(outcome.error).toBeNull();
      const questions = await db.as<{ questions: unknown }>(
        anon,
        'select questions from public.events where id = $1',
        [event.id],
      );
      expect(questions.rows[0]?.questions).toEqual(QUESTIONS);
      const answers = await db.as(anon, 'select answers from public.participants');
      expect(answers.error?.code === '42501' || answers.rows.length === 0).toBe(true);
      const visitor = await db.createUser();
      const signedIn = await db.as(visitor, 'select answers from public.participants');
      expect(signedIn.error?.code === '42501' || signedIn.rows.length === 0).toBe(true);
    }));

  it('the waiting list checks the answers on joining and the claim books with them', () =>
    inRolledBackTransaction(async (db) => {
      const event = await insertEvent(db, { questions: JSON.stringify(QUESTIONS), max_participants: 1 });
      const booked = await insertParticipant(db, event.id);
      const JOIN = `select public.join_waitlist($1, 'Wanda Warte', 'wanda@example.ch', '+41 79 123 45 67', 1, $2) as result`;
      const missing = await db.as(service, JOIN, [event.id, JSON.stringify({ [MENU]: 'vegan' })]);
      expect(missing.error).toMatchObject({ message: 'ANSWER_REQUIRED', detail: NAME });
      const joined = await db.as(service, JOIN, [
        event.id,
        JSON.stringify({ [NAME]: 'Lea', [MENU]: 'vegan' }),
      ]);
      expect(joined.error).toBeNull();

      await db.query(`update public.participants set status = 'cancelled' where id = $1`, [booked.id]);
      const [mail] = await db.query<{ token: string }>(
        `select payload ->> 'claimToken' as token from public.mail_outbox
         where kind = 'waitlist_offer' and recipient = 'wanda@example.ch'`,
      );
      const claim = await db.as<{ receipt: { participant_id: string } }>(
        anon,
        `select public.claim_waitlist_offer($1, 'onsite') as receipt`,
        [mail!.token],
      );
      expect(claim.error).toBeNull();
      expect(await storedAnswers(db, claim.rows[0]!.receipt.participant_id)).toEqual([
        { question_id: NAME, label: 'Name des Kindes', answer: 'Lea' },
        { question_id: MENU, label: 'Menü', answer: 'vegan' },
      ]);
    }));

  it('a required question added after joining is answered with the claim (no dead end)', () =>
    inRolledBackTransaction(async (db) => {
      const event = await insertEvent(db, {
        questions: JSON.stringify([QUESTIONS[1]]),
        max_participants: 1,
      });
      const booked = await insertParticipant(db, event.id);
      const joined = await db.as(
        service,
        `select public.join_waitlist($1, 'Wanda Warte', 'wanda@example.ch', '+41 79 123 45 67', 1, $2)`,
        [event.id, JSON.stringify({ [MENU]: 'vegan' })],
      );
      expect(joined.error).toBeNull();
      // The admin adds a required question; then a seat frees up and the offer goes out.
      await db.query('update public.events set questions = $2 where id = $1', [
        event.id,
        JSON.stringify(QUESTIONS),
      ]);
      await db.query(`update public.participants set status = 'cancelled' where id = $1`, [booked.id]);
      const [mail] = await db.query<{ token: string }>(
        `select payload ->> 'claimToken' as token from public.mail_outbox
         where kind = 'waitlist_offer' and recipient = 'wanda@example.ch'`,
      );
      const token = mail!.token;

      // The claim page learns the questions and what was answered on joining.
      const link = await db.as<{ link: { answers: unknown; event: { questions: unknown } } }>(
        anon,
        'select public.waitlist_link($1) as link',
        [token],
      );
      expect(link.rows[0]?.link.answers).toEqual({ [MENU]: 'vegan' });
      expect(link.rows[0]?.link.event.questions).toEqual(QUESTIONS);

      const CLAIM = `select public.claim_waitlist_offer($1, 'onsite', $2) as receipt`;
      const unanswered = await db.as(anon, CLAIM, [token, null]);
      expect(unanswered.error).toMatchObject({ message: 'ANSWER_REQUIRED', detail: NAME });
      const wrongShape = await db.as(anon, CLAIM, [token, JSON.stringify(['Lea'])]);
      expect(wrongShape.error).toMatchObject({ message: 'INVALID_INPUT', detail: 'answers' });
      const wrongChoice = await db.as(anon, CLAIM, [
        token,
        JSON.stringify({ [NAME]: 'Lea', [MENU]: 'Fisch' }),
      ]);
      expect(wrongChoice.error).toMatchObject({ message: 'ANSWER_INVALID', detail: MENU });

      // The refusals kept the offer open; answering books the seat with both answers.
      const claim = await db.as<{ receipt: { participant_id: string } }>(anon, CLAIM, [
        token,
        JSON.stringify({ [NAME]: ' Lea ', [PHOTOS]: 'Ja' }),
      ]);
      expect(claim.error).toBeNull();
      expect(await storedAnswers(db, claim.rows[0]!.receipt.participant_id)).toEqual([
        { question_id: NAME, label: 'Name des Kindes', answer: 'Lea' },
        { question_id: MENU, label: 'Menü', answer: 'vegan' },
        { question_id: PHOTOS, label: 'Fotos erlaubt?', answer: 'Ja' },
      ]);
      const [entry] = await db.query<{ status: string }>(
        `select status from public.waitlist_entries where email = 'wanda@example.ch'`,
      );
      expect(entry?.status).toBe('claimed');
    }));

  it('shows the answers to the person who gave them: the confirmation page and the mail', () =>
    inRolledBackTransaction(async (db) => {
      const event = await questionsEvent(db);
      const outcome = await db.as<{
        result: { participant_id: string; reference: string; manage_token: string };
      }>(service, REGISTER, [
        event.id,
        'Fritz Frage',
        'frage@example.ch',
        '+41 79 123 45 67',
        'onsite',
        '',
        null,
        1,
        JSON.stringify({ [NAME]: 'Mia', [PHOTOS]: 'Nein' }),
      ]);
      expect(outcome.error).toBeNull();
      const receipt = outcome.rows[0]!.result;
      const expected = [
        { question_id: NAME, label: 'Name des Kindes', answer: 'Mia' },
        { question_id: PHOTOS, label: 'Fotos erlaubt?', answer: 'Nein' },
      ];
      const view = await db.as<{ view: { answers: unknown } }>(
        anon,
        'select public.booking_by_token($1, $2) as view',
        [receipt.reference, receipt.manage_token],
      );
      expect(view.rows[0]?.view.answers).toEqual(expected);
      const [mail] = await db.query<{ answers: unknown }>(
        `select payload -> 'participant' -> 'answers' as answers from public.mail_outbox
         where kind = 'participant_confirmation' and participant_id = $1`,
        [receipt.participant_id],
      );
      expect(mail?.answers).toEqual(expected);
    }));

  it('an admin copy of the event asks the same questions', () =>
    inRolledBackTransaction(async (db) => {
      const event = await questionsEvent(db);
      const admin = await db.createUser({ admin: true });
      const copy = await db.as<{ questions: unknown }>(
        admin,
        'select (public.admin_clone_event($1)).questions as questions',
        [event.id],
      );
      expect(copy.rows[0]?.questions).toEqual(QUESTIONS);
    }));
});
