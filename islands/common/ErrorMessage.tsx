/** An API failure as an alert, unless the client ignores it (network) or already acted (redirect). */
import { firstErrorMessage, isDisplayableError } from '#api-client/core/errors.ts';

export default function ErrorMessage({ error, fallback }: { error: unknown; fallback?: string }) {
  if (!error || !isDisplayableError(error)) return null;
  return (
    <p className="alert" role="alert">
      {firstErrorMessage(error, fallback)}
    </p>
  );
}
