import { useId } from 'react';
import { useFormContext } from 'react-hook-form';
import { FormControl, FormField, FormItem, FormLabel, FormMessage } from '@/components/ui/form';
import { Input } from '@/components/ui/input';
import { QUESTION_LIMITS, YES_NO_ANSWERS, type EventQuestion } from '@/lib/event-questions';

/** The form values these fields write into: one text per question id. */
interface AnswerValues {
  answers: Record<string, string>;
}

const SELECT_CLASSES =
  'flex h-10 w-full rounded-md border border-input bg-background px-3 py-2 text-base shadow-sm focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 focus-visible:ring-offset-background md:text-sm';

function labelOf(question: EventQuestion): string {
  return question.required ? `${question.label} *` : question.label;
}

/** Ja / Nein as two radio buttons in a labelled group; the message belongs to the group. */
function YesNoField({ question }: { question: EventQuestion }) {
  const { control } = useFormContext<AnswerValues>();
  const legendId = useId();
  return (
    <FormField
      control={control}
      name={`answers.${question.id}`}
      render={({ field }) => (
        <FormItem>
          <FormControl>
            <fieldset role="radiogroup" aria-labelledby={legendId} aria-required={question.required}>
              <legend id={legendId} className="mb-2 text-sm font-medium">
                {labelOf(question)}
              </legend>
              <div className="flex gap-6">
                {YES_NO_ANSWERS.map((answer, index) => (
                  <label key={answer} className="flex items-center gap-2 text-sm">
                    <input
                      type="radio"
                      name={field.name}
                      value={answer}
                      ref={index === 0 ? field.ref : undefined}
                      checked={field.value === answer}
                      onChange={() => field.onChange(answer)}
                      onBlur={field.onBlur}
                      className="h-4 w-4 accent-primary"
                    />
                    {answer}
                  </label>
                ))}
              </div>
            </fieldset>
          </FormControl>
          <FormMessage />
        </FormItem>
      )}
    />
  );
}

/** One labelled control per question: short text, a choice (select) or Ja / Nein. */
function QuestionField({ question }: { question: EventQuestion }) {
  const { control } = useFormContext<AnswerValues>();
  if (question.kind === 'yes_no') return <YesNoField question={question} />;
  return (
    <FormField
      control={control}
      name={`answers.${question.id}`}
      render={({ field }) => (
        <FormItem>
          <FormLabel>{labelOf(question)}</FormLabel>
          <FormControl>
            {question.kind === 'choice' ? (
              <select
                name={field.name}
                ref={field.ref}
                value={field.value ?? ''}
                onChange={field.onChange}
                onBlur={field.onBlur}
                required={question.required}
                className={SELECT_CLASSES}
              >
                <option value="">{question.required ? 'Bitte wählen' : 'Keine Angabe'}</option>
                {question.options.map((option) => (
                  <option key={option} value={option}>
                    {option}
                  </option>
                ))}
              </select>
            ) : (
              <Input
                {...field}
                value={field.value ?? ''}
                required={question.required}
                maxLength={QUESTION_LIMITS.answer}
              />
            )}
          </FormControl>
          <FormMessage />
        </FormItem>
      )}
    />
  );
}

/**
 * The event's questions inside a booking or waiting-list form (its FormProvider, field
 * `answers.<question id>`); nothing when the event asks none.
 */
export function EventQuestionsFields({ questions }: { questions: readonly EventQuestion[] }) {
  if (questions.length === 0) return null;
  return (
    <div className="space-y-5">
      {questions.map((question) => (
        <QuestionField key={question.id} question={question} />
      ))}
    </div>
  );
}
