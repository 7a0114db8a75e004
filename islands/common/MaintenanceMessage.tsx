/**
 * Title and message of the maintenance page. The 503 that redirected here may carry its own
 * wording (kept in session storage by the API client); otherwise the defaults from the HTML stay.
 */
import { useEffect, useState } from './react.ts';
import { readMaintenance } from '../../src/api-client/maintenance.ts';

interface Props { title: string; message: string }

/** Maintenance heading and text, replaced by the stored 503 title/message when present. */
export default function MaintenanceMessage({ title, message }: Props) {
  const [text, setText] = useState({ title, message });
  useEffect(() => {
    const stored = readMaintenance();
    if (stored) setText({ title: stored.title || title, message: stored.message || message });
  }, [title, message]);
  return (
    <>
      <h1>{text.title}</h1>
      <p>{text.message}</p>
    </>
  );
}
