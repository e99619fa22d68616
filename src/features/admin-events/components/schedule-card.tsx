import { useFormContext, useWatch } from 'react-hook-form';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Checkbox } from '@/components/ui/checkbox';
import { FormControl, FormField, FormItem, FormLabel, TextField } from '@/components/ui/form';
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
        <FormField
          control={control}
          name="hasDate"
          render={({ field }) => (
            <FormItem className="flex items-center gap-2 space-y-0">
              <FormControl>
                <Checkbox
                  checked={field.value}
                  disabled={field.disabled}
                  onCheckedChange={(checked) => {
                    const on = checked === true;
                    field.onChange(on);
                    // Spec §4: unchecking clears both dates.
                    if (!on) {
                      setValue('startDate', '');
                      setValue('endDate', '');
                    }
                  }}
                />
              </FormControl>
              <FormLabel>Datum erforderlich</FormLabel>
            </FormItem>
          )}
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
            placeholder="z.B. 18:00 - 21:00"
          />
          <TextField control={control} name="location" label="Ort *" />
        </div>
      </CardContent>
    </Card>
  );
}
