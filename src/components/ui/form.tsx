import type * as LabelPrimitive from '@radix-ui/react-label';
import { Slot } from '@radix-ui/react-slot';
import * as React from 'react';
import {
  Controller,
  FormProvider,
  useFormContext,
  useFormState,
  type ControllerProps,
  type ControllerRenderProps,
  type FieldPath,
  type FieldPathValue,
  type FieldValues,
  type UseControllerProps,
} from 'react-hook-form';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Textarea } from '@/components/ui/textarea';
import { cn } from '@/lib/utils';

// shadcn's form layer over react-hook-form: wires label, control, description and message
// together through ids so screen readers announce errors with the field.
export const Form = FormProvider;

interface FormFieldContextValue<
  TFieldValues extends FieldValues = FieldValues,
  TName extends FieldPath<TFieldValues> = FieldPath<TFieldValues>,
> {
  name: TName;
}

const FormFieldContext = React.createContext<FormFieldContextValue | null>(null);

export function FormField<
  TFieldValues extends FieldValues = FieldValues,
  TName extends FieldPath<TFieldValues> = FieldPath<TFieldValues>,
  TTransformedValues = TFieldValues,
>(props: ControllerProps<TFieldValues, TName, TTransformedValues>) {
  return (
    <FormFieldContext.Provider value={{ name: props.name }}>
      <Controller {...props} />
    </FormFieldContext.Provider>
  );
}

interface FormItemContextValue {
  id: string;
  /** Whether a description / a message is rendered, so aria-describedby never points at nothing. */
  hasDescription: boolean;
  hasMessage: boolean;
  setHasDescription: (present: boolean) => void;
  setHasMessage: (present: boolean) => void;
}

const FormItemContext = React.createContext<FormItemContextValue | null>(null);

export function useFormField() {
  const fieldContext = React.useContext(FormFieldContext);
  const itemContext = React.useContext(FormItemContext);
  const { getFieldState } = useFormContext();
  if (!fieldContext) throw new Error('useFormField must be used within <FormField>');
  if (!itemContext) throw new Error('useFormField must be used within <FormItem>');
  const formState = useFormState({ name: fieldContext.name });
  const fieldState = getFieldState(fieldContext.name, formState);
  const { id, hasDescription, hasMessage } = itemContext;
  return {
    id,
    hasDescription,
    hasMessage,
    setHasDescription: itemContext.setHasDescription,
    setHasMessage: itemContext.setHasMessage,
    name: fieldContext.name,
    formItemId: `${id}-form-item`,
    formDescriptionId: `${id}-form-item-description`,
    formMessageId: `${id}-form-item-message`,
    ...fieldState,
  };
}

export const FormItem = React.forwardRef<HTMLDivElement, React.HTMLAttributes<HTMLDivElement>>(
  ({ className, ...props }, ref) => {
    const id = React.useId();
    const [hasDescription, setHasDescription] = React.useState(false);
    const [hasMessage, setHasMessage] = React.useState(false);
    const context = React.useMemo(
      () => ({ id, hasDescription, hasMessage, setHasDescription, setHasMessage }),
      [id, hasDescription, hasMessage],
    );
    return (
      <FormItemContext.Provider value={context}>
        <div ref={ref} className={cn('space-y-2', className)} {...props} />
      </FormItemContext.Provider>
    );
  },
);
FormItem.displayName = 'FormItem';

export const FormLabel = React.forwardRef<
  React.ElementRef<typeof LabelPrimitive.Root>,
  React.ComponentPropsWithoutRef<typeof LabelPrimitive.Root>
>(({ className, ...props }, ref) => {
  const { error, formItemId } = useFormField();
  return (
    <Label ref={ref} className={cn(error && 'text-destructive', className)} htmlFor={formItemId} {...props} />
  );
});
FormLabel.displayName = 'FormLabel';

export const FormControl = React.forwardRef<
  React.ElementRef<typeof Slot>,
  React.ComponentPropsWithoutRef<typeof Slot>
>(({ ...props }, ref) => {
  const { error, formItemId, formDescriptionId, formMessageId, hasDescription, hasMessage } = useFormField();
  const describedBy = [hasDescription && formDescriptionId, hasMessage && formMessageId]
    .filter(Boolean)
    .join(' ');
  return (
    <Slot
      ref={ref}
      id={formItemId}
      aria-describedby={describedBy || undefined}
      aria-invalid={!!error}
      {...props}
    />
  );
});
FormControl.displayName = 'FormControl';

export const FormDescription = React.forwardRef<
  HTMLParagraphElement,
  React.HTMLAttributes<HTMLParagraphElement>
>(({ className, ...props }, ref) => {
  const { formDescriptionId, setHasDescription } = useFormField();
  React.useEffect(() => {
    setHasDescription(true);
    return () => setHasDescription(false);
  }, [setHasDescription]);
  return (
    <p
      ref={ref}
      id={formDescriptionId}
      className={cn('text-sm text-muted-foreground', className)}
      {...props}
    />
  );
});
FormDescription.displayName = 'FormDescription';

export const FormMessage = React.forwardRef<HTMLParagraphElement, React.HTMLAttributes<HTMLParagraphElement>>(
  ({ className, children, ...props }, ref) => {
    const { error, formMessageId, setHasMessage } = useFormField();
    const body = error ? String(error.message ?? '') : children;
    const shown = Boolean(body);
    React.useEffect(() => {
      setHasMessage(shown);
      return () => setHasMessage(false);
    }, [shown, setHasMessage]);
    if (!body) return null;
    return (
      <p
        ref={ref}
        id={formMessageId}
        className={cn('text-sm font-medium text-destructive', className)}
        {...props}
      >
        {body}
      </p>
    );
  },
);
FormMessage.displayName = 'FormMessage';

/**
 * The '*' after a required field's label, as the booking form shows it. Hidden from screen readers:
 * the control itself says it is required (`required`), so the name stays 'Name', not 'Name Stern'.
 */
export function RequiredMark() {
  return <span aria-hidden="true">{' *'}</span>;
}

/** What every labelled field takes: `control` fixes the form's values, so `name` is type-checked. */
export interface LabelledFieldProps<
  TFieldValues extends FieldValues,
  TName extends FieldPath<TFieldValues>,
  TTransformedValues = TFieldValues,
> {
  control: NonNullable<UseControllerProps<TFieldValues, TName, TTransformedValues>['control']>;
  name: TName;
  label: React.ReactNode;
  /** Classes of the FormItem, e.g. a grid span. */
  className?: string;
  /** Text under the control, e.g. a character counter; gets the field's current value. */
  description?: (value: FieldPathValue<TFieldValues, TName>) => React.ReactNode;
  /** For forms that report invalid input another way (a toast) instead of under the field. */
  hideMessage?: boolean;
}

/**
 * Label above one control, then description and error message: the block every form repeats.
 * `children` renders the control from the field (value, handlers, ref) and gets the ids wired.
 */
export function LabelledField<
  TFieldValues extends FieldValues,
  TName extends FieldPath<TFieldValues>,
  TTransformedValues = TFieldValues,
>({
  control,
  name,
  label,
  className,
  description,
  hideMessage,
  children,
}: LabelledFieldProps<TFieldValues, TName, TTransformedValues> & {
  children: (field: ControllerRenderProps<TFieldValues, TName>) => React.ReactElement;
}) {
  return (
    <FormField
      control={control}
      name={name}
      render={({ field }) => (
        <FormItem className={className}>
          <FormLabel>{label}</FormLabel>
          <FormControl>{children(field)}</FormControl>
          {description ? <FormDescription>{description(field.value)}</FormDescription> : null}
          {hideMessage ? null : <FormMessage />}
        </FormItem>
      )}
    />
  );
}

type TextInputAttributes = Pick<
  React.ComponentProps<'input'>,
  | 'type'
  | 'autoComplete'
  | 'placeholder'
  | 'required'
  | 'disabled'
  | 'inputMode'
  | 'maxLength'
  | 'min'
  | 'max'
>;

/** A labelled text input (also e-mail, tel, password, date) bound to a string field. */
export function TextField<
  TFieldValues extends FieldValues,
  TName extends FieldPath<TFieldValues>,
  TTransformedValues = TFieldValues,
>({
  control,
  name,
  label,
  className,
  description,
  hideMessage,
  inputClassName,
  ...input
}: LabelledFieldProps<TFieldValues, TName, TTransformedValues> &
  TextInputAttributes & { inputClassName?: string }) {
  return (
    <LabelledField
      control={control}
      name={name}
      label={label}
      className={className}
      description={description}
      hideMessage={hideMessage}
    >
      {(field) => <Input className={inputClassName} {...input} {...field} />}
    </LabelledField>
  );
}

type TextAreaAttributes = Pick<
  React.ComponentProps<'textarea'>,
  'rows' | 'placeholder' | 'required' | 'disabled' | 'maxLength'
>;

/** A labelled multi-line text field bound to a string field. */
export function TextAreaField<
  TFieldValues extends FieldValues,
  TName extends FieldPath<TFieldValues>,
  TTransformedValues = TFieldValues,
>({
  control,
  name,
  label,
  className,
  description,
  hideMessage,
  ...textarea
}: LabelledFieldProps<TFieldValues, TName, TTransformedValues> & TextAreaAttributes) {
  return (
    <LabelledField
      control={control}
      name={name}
      label={label}
      className={className}
      description={description}
      hideMessage={hideMessage}
    >
      {(field) => <Textarea {...textarea} {...field} />}
    </LabelledField>
  );
}
