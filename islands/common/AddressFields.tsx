/**
 * The address part of a form (郵便番号 with autofill, 都道府県, 市区町村, 番地, 建物名) and one text
 * field, for forms built on useForm: the checkout's new address (ShippingAdd), the social gift
 * receiver's address and the catalogue order use them.
 */

import FieldError from './FieldError.tsx';
import type { FieldProps } from './useForm.ts';
import { usePostalAutofill } from './usePostalAutofill.ts';

/** What these fields need of a useForm form with postal_code, prefecture, city, address1 and address2 (methods: any form's field names fit). */
export interface FieldForm {
  field(name: string, describedBy?: string): FieldProps;
  errorId(name: string): string;
  errors: Partial<Record<string, string>>;
  setValue(name: string, value: string): void;
}

/** One labelled text input with its hint and error. */
export function TextField({
  form,
  name,
  label,
  extra = {},
  hint,
}: {
  form: FieldForm;
  name: string;
  label: string;
  extra?: Record<string, string>;
  hint?: string;
}) {
  return (
    <div className="field">
      <label htmlFor={form.field(name).id}>{label}</label>
      <input {...form.field(name)} type="text" {...extra} />
      {hint && <small className="muted">{hint}</small>}
      <FieldError id={form.errorId(name)} message={form.errors[name]} />
    </div>
  );
}

/** Postal code (filling prefecture, city and town as it is typed), prefecture, city, street and building. */
export default function AddressFields({ form: f, prefectures }: { form: FieldForm; prefectures: string[] }) {
  const postal = usePostalAutofill({
    onFill: ({ prefecture, city, town }) => {
      f.setValue('prefecture', prefecture);
      f.setValue('city', city);
      f.setValue('address1', town);
    },
  });
  return (
    <>
      <div className="field">
        <label htmlFor={f.field('postal_code').id}>郵便番号</label>
        <input
          {...f.field('postal_code')}
          type="text"
          autoComplete="postal-code"
          inputMode="numeric"
          onChange={(e) => {
            f.field('postal_code').onChange(e);
            postal.lookup(e.target.value);
          }}
        />
        <small className="muted" aria-live="polite">
          {postal.message ?? '例：123-4567（入力すると住所を自動で入力します）'}
        </small>
        <FieldError id={f.errorId('postal_code')} message={f.errors.postal_code} />
      </div>
      <div className="field">
        <label htmlFor={f.field('prefecture').id}>都道府県</label>
        <select {...f.field('prefecture')} autoComplete="address-level1">
          <option value="">選択してください</option>
          {prefectures.map((name) => (
            <option key={name} value={name}>
              {name}
            </option>
          ))}
        </select>
        <FieldError id={f.errorId('prefecture')} message={f.errors.prefecture} />
      </div>
      <TextField form={f} name="city" label="市区町村" extra={{ autoComplete: 'address-level2' }} />
      <TextField
        form={f}
        name="address1"
        label="番地"
        extra={{ autoComplete: 'address-line1' }}
        hint="町名のあとに番地を入力してください"
      />
      <TextField form={f} name="address2" label="建物名" extra={{ autoComplete: 'address-line2' }} hint="任意" />
    </>
  );
}
