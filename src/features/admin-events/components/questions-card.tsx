import { ArrowDown, ArrowUp, Plus, Trash2 } from 'lucide-react';
import { useFieldArray, useFormContext, useWatch } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { CheckboxField } from '@/components/ui/checkbox-field';
import { LabelledField, TextAreaField, TextField } from '@/components/ui/form';
import { QUESTION_KIND_LABELS, QUESTION_KINDS, QUESTION_LIMITS } from '@/lib/event-questions';
import { newQuestion, type EventFormValues } from '../schema';

const SELECT_CLASSES =
  'flex h-10 w-full rounded-md border border-input bg-background px-3 py-2 text-base shadow-sm focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 focus-visible:ring-offset-background md:text-sm';

/** One question: its text, kind, whether it must be answered, a choice's answers; move and remove. */
function QuestionEditor({
  index,
  count,
  onMove,
  onRemove,
}: {
  index: number;
  count: number;
  onMove: (from: number, to: number) => void;
  onRemove: (index: number) => void;
}) {
  const { control } = useFormContext<EventFormValues>();
  const kind = useWatch({ control, name: `questions.${index}.kind` });
  const number = index + 1;
  return (
    <li className="space-y-4 rounded-md border p-4">
      <div className="grid gap-4 sm:grid-cols-[2fr_1fr]">
        <TextField
          control={control}
          name={`questions.${index}.label`}
          label={`Frage ${number} *`}
          maxLength={QUESTION_LIMITS.label}
        />
        <LabelledField control={control} name={`questions.${index}.kind`} label={`Art der Frage ${number}`}>
          {(field) => (
            <select
              name={field.name}
              ref={field.ref}
              value={field.value}
              onChange={field.onChange}
              onBlur={field.onBlur}
              className={SELECT_CLASSES}
            >
              {QUESTION_KINDS.map((value) => (
                <option key={value} value={value}>
                  {QUESTION_KIND_LABELS[value]}
                </option>
              ))}
            </select>
          )}
        </LabelledField>
      </div>
      {kind === 'choice' ? (
        <TextAreaField
          control={control}
          name={`questions.${index}.options`}
          label={`Antworten zu Frage ${number} (eine pro Zeile) *`}
          rows={3}
        />
      ) : null}
      <div className="flex flex-wrap items-center justify-between gap-3">
        <CheckboxField
          control={control}
          name={`questions.${index}.required`}
          label={`Frage ${number} muss beantwortet werden`}
        />
        <div className="flex gap-2">
          <Button
            type="button"
            variant="outline"
            size="icon"
            aria-label={`Frage ${number} nach oben`}
            disabled={index === 0}
            onClick={() => onMove(index, index - 1)}
          >
            <ArrowUp className="h-4 w-4" aria-hidden="true" />
          </Button>
          <Button
            type="button"
            variant="outline"
            size="icon"
            aria-label={`Frage ${number} nach unten`}
            disabled={index === count - 1}
            onClick={() => onMove(index, index + 1)}
          >
            <ArrowDown className="h-4 w-4" aria-hidden="true" />
          </Button>
          <Button
            type="button"
            variant="outline"
            size="icon"
            aria-label={`Frage ${number} entfernen`}
            onClick={() => onRemove(index)}
          >
            <Trash2 className="h-4 w-4" aria-hidden="true" />
          </Button>
        </div>
      </div>
    </li>
  );
}

/** 'Fragen bei der Anmeldung': up to 10 questions asked with every booking. */
export function QuestionsCard() {
  const { control } = useFormContext<EventFormValues>();
  // keyName: the questions carry their own `id`, which must reach the database unchanged.
  const { fields, append, move, remove } = useFieldArray({ control, name: 'questions', keyName: 'key' });
  return (
    <Card>
      <CardHeader>
        <CardTitle>Fragen bei der Anmeldung</CardTitle>
        <CardDescription>
          Zum Beispiel Name und Alter des Kindes oder das Menü. Die Antworten erscheinen in der
          Teilnehmerliste, beim Check-in und im CSV-Export. Bereits gegebene Antworten bleiben mit dem
          damaligen Fragetext gespeichert, auch wenn Sie eine Frage ändern oder entfernen.
        </CardDescription>
      </CardHeader>
      <CardContent className="space-y-4">
        {fields.length > 0 ? (
          <ol className="space-y-4">
            {fields.map((field, index) => (
              <QuestionEditor
                key={field.key}
                index={index}
                count={fields.length}
                onMove={move}
                onRemove={remove}
              />
            ))}
          </ol>
        ) : (
          <p className="text-sm text-muted-foreground">
            Keine Fragen: Es wird nur nach den Kontaktdaten gefragt.
          </p>
        )}
        <Button
          type="button"
          variant="outline"
          disabled={fields.length >= QUESTION_LIMITS.questions}
          onClick={() => append(newQuestion(), { shouldFocus: true })}
        >
          <Plus className="mr-2 h-4 w-4" aria-hidden="true" />
          Frage hinzufügen
        </Button>
      </CardContent>
    </Card>
  );
}
