import { useFormContext } from 'react-hook-form';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import {
  FormControl,
  FormField,
  FormItem,
  FormLabel,
  FormMessage,
  TextAreaField,
  TextField,
} from '@/components/ui/form';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { categoryLabels, EVENT_CATEGORIES, EVENT_STATUSES, statusLabels } from '../api/event-types';
import { BRING_ALONG_MAX, type EventFormValues } from '../schema';

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
          <FormField
            control={control}
            name="category"
            render={({ field }) => (
              <FormItem>
                <FormLabel>Kategorie *</FormLabel>
                <Select value={field.value} onValueChange={field.onChange} disabled={field.disabled}>
                  <FormControl>
                    <SelectTrigger>
                      <SelectValue />
                    </SelectTrigger>
                  </FormControl>
                  <SelectContent>
                    {EVENT_CATEGORIES.map((category) => (
                      <SelectItem key={category} value={category}>
                        {categoryLabels[category]}
                      </SelectItem>
                    ))}
                  </SelectContent>
                </Select>
                <FormMessage />
              </FormItem>
            )}
          />
          <FormField
            control={control}
            name="status"
            render={({ field }) => (
              <FormItem>
                <FormLabel>Status *</FormLabel>
                <Select value={field.value} onValueChange={field.onChange} disabled={field.disabled}>
                  <FormControl>
                    <SelectTrigger>
                      <SelectValue />
                    </SelectTrigger>
                  </FormControl>
                  <SelectContent>
                    {EVENT_STATUSES.map((status) => (
                      <SelectItem key={status} value={status}>
                        {statusLabels[status]}
                      </SelectItem>
                    ))}
                  </SelectContent>
                </Select>
                <FormMessage />
              </FormItem>
            )}
          />
        </div>
        <TextField
          control={control}
          name="bringAlong"
          label="Mitbringen"
          maxLength={BRING_ALONG_MAX}
          placeholder="z.B. bequeme Kleidung, Decke"
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
