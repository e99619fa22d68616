import { useFormContext, useWatch } from 'react-hook-form';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { CheckboxField } from '@/components/ui/checkbox-field';
import { TextField } from '@/components/ui/form';
import type { EventFormValues } from '../schema';

export function ScheduleCard() {
  const { control, setValue } = useFormContext<EventFormValues>();
  const [hasDate, startDate] = useWatch({ control, name: ['hasDate', 'startDate'] });
  const timeRequired = !(hasDate && startDate);

  return (
    <Card>
      <CardHeader>
        <CardTitle>Termin & Ort</CardTitle>
      </CardHeader>
      <CardContent className="space-y-4">
        <CheckboxField
          control={control}
          name="hasDate"
          label="Datum erforderlich"
          onToggle={(on) => {
            // Spec §4: unchecking clears both dates.
            if (!on) {
              setValue('startDate', '');
              setValue('endDate', '');
            }
          }}
        />
        {hasDate ? (
          <div className="grid gap-4 sm:grid-cols-2">
            <TextField control={control} name="startDate" label="Startdatum *" type="date" />
            <TextField control={control} name="endDate" label="Enddatum" type="date" />
          </div>
        ) : null}
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            control={control}
            name="time"
            label={<>Zeit{timeRequired ? ' *' : ''}</>}
            placeholder="z. B. 18:00–21:00 Uhr"
          />
          <TextField control={control} name="location" label="Ort *" />
        </div>
      </CardContent>
    </Card>
  );
}
