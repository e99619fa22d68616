import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';

export interface SelectOption {
  value: string;
  label: string;
}

/** The drop-down list: one item per option, in the given order. */
export function SelectOptionsContent({ options }: { options: readonly SelectOption[] }) {
  return (
    <SelectContent>
      {options.map((option) => (
        <SelectItem key={option.value} value={option.value}>
          {option.label}
        </SelectItem>
      ))}
    </SelectContent>
  );
}

export interface OptionSelectProps {
  value: string;
  onValueChange: (value: string) => void;
  options: readonly SelectOption[];
  /** The accessible name: filter drop-downs have no visible label. */
  'aria-label': string;
  /** Classes of the trigger, e.g. its width. */
  className?: string;
  /** Shown while no option is chosen (value ''). */
  placeholder?: string;
}

/** A drop-down outside a form, e.g. a list filter. */
export function OptionSelect({
  value,
  onValueChange,
  options,
  'aria-label': ariaLabel,
  className,
  placeholder,
}: OptionSelectProps) {
  return (
    <Select value={value} onValueChange={onValueChange}>
      <SelectTrigger className={className} aria-label={ariaLabel}>
        <SelectValue placeholder={placeholder} />
      </SelectTrigger>
      <SelectOptionsContent options={options} />
    </Select>
  );
}
