/** A radio group of a useForm form: a fieldset with its legend, the error described on each radio. */
import type { FieldForm } from './AddressFields.tsx';
import FieldError from './FieldError.tsx';

export default function RadioGroup({
  form,
  name,
  legend,
  options,
}: {
  form: FieldForm & { values: Record<string, string> };
  name: string;
  legend: string;
  options: Record<string, string>;
}) {
  const props = form.field(name);
  return (
    <fieldset className="field radio-group" aria-describedby={props['aria-describedby']}>
      <legend>{legend}</legend>
      {Object.entries(options).map(([value, label], i) => (
        <label key={value} className="radio">
          <input
            type="radio"
            name={name}
            value={value}
            id={`${props.id}-${value}`}
            ref={i === 0 ? props.ref : undefined}
            checked={form.values[name] === value}
            onChange={() => form.setValue(name, value)}
            onBlur={props.onBlur}
          />
          {label}
        </label>
      ))}
      <FieldError id={form.errorId(name)} message={form.errors[name]} />
    </fieldset>
  );
}
