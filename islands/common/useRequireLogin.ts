/**
 * Kept for the checkout islands until they render inside <MemberGate>: the same guard, one
 * implementation (islands/common/MemberGate.tsx).
 */
import { useMemberGate } from './MemberGate.tsx';

/** True once the visitor is known to be logged in; until then the island renders its loading state. */
export function useRequireLogin(): boolean {
  return useMemberGate();
}
