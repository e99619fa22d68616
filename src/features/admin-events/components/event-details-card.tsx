import { useFormContext, useWatch } from 'react-hook-form';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { TextAreaField, TextField } from '@/components/ui/form';
import { SelectField } from '@/components/ui/select-field';
import { CATEGORY_LABELS, EVENT_CATEGORIES } from '@/lib/event-domain';
import { weekdayWarning } from '../lib/weekday-check';
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
        <DescriptionDatesWarning />
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

/** Warns (does not refuse) when the description names weekdays the event's dates do not have. */
function DescriptionDatesWarning() {
  const { control } = useFormContext<EventFormValues>();
  const [description, hasDate, startDate, endDate] = useWatch({
    control,
    name: ['description', 'hasDate', 'startDate', 'endDate'],
  });
  const warning = hasDate ? weekdayWarning(description, startDate, endDate) : null;
  return (
    <p
      role="status"
      className={warning ? 'rounded-md border border-warning bg-warning/20 p-3 text-sm' : 'sr-only'}
    >
      {warning}
    </p>
  );
}
