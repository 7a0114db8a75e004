/**
 * One mailbox, however its address is written: `A+shop@Example.JP` and `a@example.jp` reach the
 * same person, so limits that protect a person's inbox count them together.
 */

/** The mailbox an address delivers to: NFKC, trimmed, lower-case, without a `+tag` in the local part. */
export function mailboxKey(email: string): string {
  const address = email.normalize('NFKC').trim().toLowerCase();
  const at = address.lastIndexOf('@');
  if (at < 0) return address;
  const local = address.slice(0, at);
  const plus = local.indexOf('+');
  return `${plus < 0 ? local : local.slice(0, plus)}${address.slice(at)}`;
}
