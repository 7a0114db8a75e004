/** A field's validation message, with the id its control's aria-describedby points at. */
export default function FieldError({ id, message }: { id: string; message: string | undefined }) {
  return message ? (
    <small id={id} className="field-error">
      {message}
    </small>
  ) : null;
}
