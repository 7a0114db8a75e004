/**
 * Title and message of the maintenance page. The HTML carries the theme's defaults (what shows
 * without JavaScript); once loaded, the island shows the 503's own wording that the API client kept
 * when it redirected here, and then the switch's wording now (GET /v1/maintenance) while the shop is
 * in maintenance: a shopper the storefront server sent here, or who came directly, sees the
 * editors' title and message too.
 */

import { getMaintenance, readMaintenance } from '#api-client/site/maintenance.ts';
import { useEffect, useState } from './react.ts';

interface Props {
  title: string;
  message: string;
}

/** Maintenance heading and text, replaced by the stored 503 title/message, then by the current ones. */
export default function MaintenanceMessage({ title, message }: Props) {
  const [text, setText] = useState({ title, message });
  useEffect(() => {
    const stored = readMaintenance();
    if (stored) setText({ title: stored.title || title, message: stored.message || message });
    const controller = new AbortController();
    getMaintenance({ signal: controller.signal })
      .then((now) => {
        if (now.enabled) setText({ title: now.title, message: now.message });
      })
      .catch(() => {}); // unreachable API: the stored or default wording stays
    return () => controller.abort();
  }, [title, message]);
  return (
    <>
      <h1>{text.title}</h1>
      <p>{text.message}</p>
    </>
  );
}
