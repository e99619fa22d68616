import { useFormContext, useWatch } from 'react-hook-form';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { CheckboxField } from '@/components/ui/checkbox-field';
import { TextField } from '@/components/ui/form';
import type { EventFormValues } from '../schema';

export function ScheduleCard() {
  const { control, setValue } = useFormContext<EventFormValues>();
  const hasDate = useWatch({ control, name: 'hasDate' });

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
            // Spec §4: unchecking clears both dates, and the times, which belong to them.
            if (!on) {
              for (const name of ['startDate', 'endDate', 'startTime', 'endTime'] as const)
                setValue(name, '');
            }
          }}
        />
        {hasDate ? (
          <>
            <div className="grid gap-4 sm:grid-cols-2">
              <TextField control={control} name="startDate" label="Startdatum *" type="date" />
              <TextField control={control} name="endDate" label="Enddatum" type="date" />
            </div>
            {/* Wall-clock times in Zurich; the end on the end date (or the start date). */}
            <div className="grid gap-4 sm:grid-cols-2">
              <TextField control={control} name="startTime" label="Startzeit" type="time" />
              <TextField control={control} name="endTime" label="Endzeit" type="time" />
            </div>
          </>
        ) : null}
        <TextField control={control} name="location" label="Ort *" />
      </CardContent>
    </Card>
  );
}
