import { useFormContext } from 'react-hook-form';
import { LabelledField, RequiredMark, TextField } from '@/components/ui/form';

/** The fields the booking and the waiting-list form share (src/features/booking/schema.ts). */
interface ContactFieldValues {
  name: string;
  email: string;
  phone: string;
  persons: number;
}

/**
 * Name, e-mail and phone of the booking and the waiting-list form, inside their `<Form>`: the
 * same labels, autofill hints and messages in both (the phone is validated and sent in E.164).
 */
export function ContactFields() {
  const { control } = useFormContext<ContactFieldValues>();
  return (
    <>
      <TextField
        control={control}
        name="name"
        label={
          <>
            Name
            <RequiredMark />
          </>
        }
        autoComplete="name"
        required
      />
      <TextField
        control={control}
        name="email"
        label={
          <>
            E-Mail
            <RequiredMark />
          </>
        }
        type="email"
        autoComplete="email"
        required
      />
      <TextField
        control={control}
        name="phone"
        label={
          <>
            Telefon
            <RequiredMark />
          </>
        }
        type="tel"
        autoComplete="tel"
        placeholder="+41 79 123 45 67"
        required
      />
    </>
  );
}

/** 'Anzahl Personen *': a choice from 1 to the last of `choices`. */
export function PersonsField({ choices }: { choices: readonly number[] }) {
  const { control } = useFormContext<ContactFieldValues>();
  return (
    <LabelledField
      control={control}
      name="persons"
      label={
        <>
          Anzahl Personen
          <RequiredMark />
        </>
      }
    >
      {(field) => (
        <select
          name={field.name}
          ref={field.ref}
          value={String(field.value)}
          onChange={(event) => field.onChange(Number(event.target.value))}
          onBlur={field.onBlur}
          className="flex h-10 w-full rounded-md border border-input bg-background px-3 py-2 text-base shadow-sm focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 focus-visible:ring-offset-background md:text-sm"
        >
          {choices.map((count) => (
            <option key={count} value={count}>
              {count === 1 ? '1 Person' : `${count} Personen`}
            </option>
          ))}
        </select>
      )}
    </LabelledField>
  );
}
