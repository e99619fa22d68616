import { useFormContext } from 'react-hook-form';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { TextAreaField, TextField } from '@/components/ui/form';
import { SelectField } from '@/components/ui/select-field';
import { CATEGORY_LABELS, EVENT_CATEGORIES } from '@/lib/event-domain';
import { AGE_MAX, BRING_ALONG_MAX, type EventFormValues } from '../schema';

const categoryOptions = EVENT_CATEGORIES.map((category) => ({
  value: category,
  label: CATEGORY_LABELS[category],
}));

export function EventDetailsCard() {
  const { control } = useFormContext<EventFormValues>();
  return (
    <Card>
      <CardHeader>
        <CardTitle>Event-Details</CardTitle>
      </CardHeader>
      <CardContent className="space-y-4">
        <TextField control={control} name="title" label="Titel *" />
        <TextField control={control} name="subtitle" label="Untertitel" />
        <TextAreaField control={control} name="description" label="Beschreibung *" rows={6} />
        <div className="grid gap-4 sm:grid-cols-2">
          <SelectField control={control} name="category" label="Kategorie *" options={categoryOptions} />
        </div>
        {/* For whom the event is meant (Kids): shown on the card, the event page and the Kids page. */}
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            control={control}
            name="minAge"
            label="Alter von"
            inputMode="numeric"
            description={() => `Jahre (0–${AGE_MAX}); leer lassen, wenn kein Alter gilt.`}
          />
          <TextField control={control} name="maxAge" label="Alter bis" inputMode="numeric" />
        </div>
        <TextField
          control={control}
          name="bringAlong"
          label="Mitbringen"
          maxLength={BRING_ALONG_MAX}
          placeholder="z. B. bequeme Kleidung, Decke"
          description={(value) => (
            <>
              {value.length}/{BRING_ALONG_MAX} Zeichen
            </>
          )}
        />
      </CardContent>
    </Card>
  );
}
