// Questions per event (docs/data-model.md, "Questions per event"): the shapes of
// events.questions and participants.answers as the app uses them. The database's constraints
// guarantee the shapes; these readers only turn the generated `Json` into types, without zod, so
// the public pages' initial chunk stays small. Anything malformed is left out.
import type { Json } from '@common/database.ts';

export const QUESTION_KINDS = ['text', 'choice', 'yes_no'] as const;
export type QuestionKind = (typeof QUESTION_KINDS)[number];

export const QUESTION_KIND_LABELS: Record<QuestionKind, string> = {
  text: 'Kurzer Text',
  choice: 'Auswahl',
  yes_no: 'Ja / Nein',
};

/** The two answers of a yes/no question, stored as they are shown. */
export const YES_NO_ANSWERS = ['Ja', 'Nein'] as const;

/** Limits of events_questions_check and private.checked_answers. */
export const QUESTION_LIMITS = {
  questions: 10,
  label: 200,
  options: { min: 2, max: 20, length: 100 },
  answer: 500,
} as const;

export interface EventQuestion {
  id: string;
  kind: QuestionKind;
  label: string;
  required: boolean;
  /** The choices of a 'choice' question; empty otherwise. */
  options: string[];
}

/** One stored answer, with the question's text as it was when booked. */
export interface StoredAnswer {
  questionId: string;
  label: string;
  answer: string;
}

type JsonObject = { [key: string]: Json | undefined };

function isObject(value: Json | undefined): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isKind(value: Json | undefined): value is QuestionKind {
  return (QUESTION_KINDS as readonly unknown[]).includes(value);
}

function toQuestion(value: Json): EventQuestion[] {
  if (!isObject(value) || typeof value.id !== 'string' || typeof value.label !== 'string') return [];
  if (!isKind(value.kind)) return [];
  const options = Array.isArray(value.options)
    ? value.options.filter((option): option is string => typeof option === 'string')
    : [];
  return [{ id: value.id, kind: value.kind, label: value.label, required: value.required === true, options }];
}

/** events.questions as a list of questions. */
export function readQuestions(value: Json | undefined): EventQuestion[] {
  return Array.isArray(value) ? value.flatMap(toQuestion) : [];
}

function toAnswer(value: Json): StoredAnswer[] {
  if (!isObject(value)) return [];
  const { question_id: questionId, label, answer } = value;
  if (typeof questionId !== 'string' || typeof label !== 'string' || typeof answer !== 'string') return [];
  return [{ questionId, label, answer }];
}

/** participants.answers as a list of answers. */
export function readAnswers(value: Json | undefined): StoredAnswer[] {
  return Array.isArray(value) ? value.flatMap(toAnswer) : [];
}

/** 'Menü: vegan; Alter: 7' for one line (CSV, compact lists). */
export function answersText(answers: readonly StoredAnswer[]): string {
  return answers.map((answer) => `${answer.label}: ${answer.answer}`).join('; ');
}
