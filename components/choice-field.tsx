import { SelectField } from '@/components/ui/field';

/** A list filter's select: "any" (the empty value) first, then each choice, a value or a `[value, label]` pair. */
export function ChoiceField({
  label,
  name,
  value,
  anyLabel,
  choices,
}: {
  label: string;
  name: string;
  value: string | number | undefined;
  anyLabel: string;
  choices: readonly (string | readonly [string, string])[];
}) {
  return (
    <SelectField label={label} name={name} defaultValue={value ?? ''}>
      <option value="">{anyLabel}</option>
      {choices.map((choice) => {
        const [key, text] = typeof choice === 'string' ? [choice, choice] : choice;
        return (
          <option key={key} value={key}>
            {text}
          </option>
        );
      })}
    </SelectField>
  );
}
