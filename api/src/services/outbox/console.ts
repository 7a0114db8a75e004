/** Console delivery (no SMTP_URL): what `npm start` prints for each mail, so a local shopper can follow its links (pure). */

/** Every http(s) URL in a text, in order, once each. */
export function urlsIn(text: string): string[] {
  // Stop at whitespace, angle brackets, quotes and the Japanese brackets/punctuation a URL sits in.
  const found = text.match(/https?:\/\/[^\s<>"'「」『』（）()、。]+/g) ?? [];
  return [...new Set(found.map((u) => u.replace(/[.,;:!?]+$/, '')))];
}

/** `[mail] to …: <subject>`, then each URL of the body on its own line. */
export function consoleLines(mail: { to_address: string; subject: string; body: string }): string[] {
  const subject = mail.subject.replace(/\s+/g, ' ');
  return [`[mail] to ${mail.to_address}: ${subject}`, ...urlsIn(mail.body).map((u) => `  ${u}`)];
}
