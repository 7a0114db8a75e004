/**
 * React binding of the form helper (src/validation/form.ts): value/onChange/onBlur and the ARIA
 * wiring (aria-invalid, aria-describedby pointing at the error) for each field, the spec 5 Japanese
 * messages, and on submit the first invalid field gets focus so keyboard and screen-reader users land
 * on what to fix. Render the message with <FieldError> from ./FieldError.tsx.
 */

import type { ChangeEvent, SubmitEvent } from 'react';
import { applyServerErrors, changeField, type FormSpec, initForm, submitForm, touchField, visibleErrors } from '#validation/form.ts';
import { useCallback, useId, useRef, useState } from './react.ts';

type FieldElement = HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement;

/** Props to spread on an input, select or textarea. */
export interface FieldProps {
  id: string;
  name: string;
  value: string;
  onChange: (event: ChangeEvent<FieldElement>) => void;
  onBlur: () => void;
  'aria-invalid': boolean;
  'aria-describedby'?: string;
  ref: (el: FieldElement | null) => void;
}

/** Form state for string fields validated by `spec`; `onSubmit` runs only with valid values. */
export function useForm<T extends Record<string, string>>(options: {
  initial: T;
  spec: FormSpec<T>;
  onSubmit: (values: T) => void | Promise<void>;
}) {
  const { spec, onSubmit } = options;
  const baseId = useId();
  const [state, setState] = useState(() => initForm(options.initial));
  const elements = useRef(new Map<keyof T, FieldElement>());
  const errors = visibleErrors(state, spec);

  const fieldId = (name: keyof T) => `${baseId}-${String(name)}`;
  const errorId = (name: keyof T) => `${fieldId(name)}-error`;

  const field = (name: keyof T & string, describedBy?: string): FieldProps => {
    const error = errors[name];
    const ids = [error ? errorId(name) : undefined, describedBy].filter(Boolean).join(' ');
    return {
      id: fieldId(name),
      name,
      value: state.values[name],
      onChange: (event) => {
        const { value } = event.target;
        setState((s) => changeField(s, name, value as T[typeof name]));
      },
      onBlur: () => setState((s) => touchField(s, name)),
      'aria-invalid': !!error,
      'aria-describedby': ids || undefined,
      ref: (el) => {
        if (el) elements.current.set(name, el);
        else elements.current.delete(name);
      },
    };
  };

  const handleSubmit = useCallback(
    (event?: SubmitEvent) => {
      event?.preventDefault();
      const result = submitForm(state, spec);
      setState(result.state);
      if (!result.valid) {
        if (result.firstInvalid !== null) elements.current.get(result.firstInvalid)?.focus();
        return;
      }
      void onSubmit(state.values);
    },
    [state, spec, onSubmit],
  );

  return {
    values: state.values,
    errors,
    /** Spread on the control: `<input {...form.field('email')} />`. */
    field,
    /** The id the error message element must carry (FieldError does this). */
    errorId,
    /**
     * Shows the API's 422 messages on their fields (keys as the wire names them, e.g.
     * `address.postal_code`) and focuses the first; answers the messages of fields the form lacks.
     */
    setServerErrors: (errors: Record<string, readonly string[]> | undefined): string[] => {
      const result = applyServerErrors(state, spec, errors);
      setState(result.state);
      if (result.firstInvalid !== null) elements.current.get(result.firstInvalid)?.focus();
      return result.unmatched;
    },
    /** Sets a value from code (a postal-code lookup filling the address, say). */
    setValue: (name: keyof T, value: string) => setState((s) => changeField(s, name, value as T[keyof T])),
    handleSubmit,
  };
}
