/**
 * The receiver's pages (/social-gift/{key?}/, /shipping/, /delivery/, /confirm/, /complete/): one
 * island that shows the step of the URL. A step opened without its key continues with the key this
 * tab last opened; without any, and for an unknown, used or expired link, a Japanese notice says
 * what happened (the API's own message).
 */
import type { SocialGiftStep } from '#lib/routes.ts';
import { readDraft } from './flow.ts';
import GiftComplete from './GiftComplete.tsx';
import GiftConfirm from './GiftConfirm.tsx';
import GiftDelivery from './GiftDelivery.tsx';
import GiftLanding from './GiftLanding.tsx';
import GiftNotice from './GiftNotice.tsx';
import GiftShipping from './GiftShipping.tsx';

export default function SocialGift({ giftKey, step }: { giftKey: string | null; step: SocialGiftStep }) {
  const key = giftKey ?? readDraft(null)?.key ?? null;
  if (!key) {
    return (
      <GiftNotice title="ギフトのURLを開いてください" message="お受け取りの手続きは、贈り主さまから届いたURLを開いて行ってください。" />
    );
  }
  switch (step) {
    case 'shipping':
      return <GiftShipping giftKey={key} />;
    case 'delivery':
      return <GiftDelivery giftKey={key} />;
    case 'confirm':
      return <GiftConfirm giftKey={key} />;
    case 'complete':
      return <GiftComplete giftKey={key} />;
    default:
      return <GiftLanding giftKey={key} />;
  }
}
