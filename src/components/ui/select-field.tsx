import { Box } from '@chakra-ui/react/box';
import { Field } from '@chakra-ui/react/field';
import { Input } from '@chakra-ui/react/input';
import { ChevronDownIcon } from '@/components/layout/icons';

export interface SelectOption {
  value: string;
  label: string;
}

interface SelectFieldProps {
  id: string;
  label: string;
  value: string;
  options: readonly SelectOption[];
  /** The first, empty choice, e.g. "Choose a kit…". */
  placeholder: string;
  onChange: (value: string) => void;
  onBlur?: () => void;
  error?: string | undefined;
  /** Shown under the field while it has no error. */
  helper?: string | undefined;
  disabled?: boolean;
}

/** A labelled native select whose error is shown at the field and announced with it. */
export function SelectField({ id, label, value, options, placeholder, onChange, onBlur, error, helper, disabled }: SelectFieldProps) {
  return (
    <Field.Root invalid={Boolean(error)} required>
      <Field.Label htmlFor={id}>
        {label}
        <Field.RequiredIndicator />
      </Field.Label>
      <Box position="relative" w="full">
        <Input asChild pe="10">
          <select
            id={id}
            name={id}
            value={value}
            disabled={disabled}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${id}-error` : helper ? `${id}-helper` : undefined}
            onChange={(event) => onChange(event.target.value)}
            onBlur={onBlur}
          >
            <option value="">{placeholder}</option>
            {options.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </select>
        </Input>
        <Box position="absolute" insetEnd="3" top="50%" transform="translateY(-50%)" pointerEvents="none" color="gray.600">
          <ChevronDownIcon size={16} />
        </Box>
      </Box>
      {helper && !error ? (
        <Field.HelperText color="gray.600" id={`${id}-helper`}>
          {helper}
        </Field.HelperText>
      ) : null}
      {error ? (
        <Field.ErrorText color="red.700" id={`${id}-error`}>
          {error}
        </Field.ErrorText>
      ) : null}
    </Field.Root>
  );
}
