/**
 * The member top's points and coupons on /mypage/ (MyCoupons.tsx), an island of its own below the
 * server-rendered shortcuts (src/pages/mypage/index.astro), behind the same member gate as the
 * greeting island (the session store shares one check); its loading state is the panels' own.
 */
import MemberGate from '../common/MemberGate.tsx';
import MyCoupons, { Panels } from './MyCoupons.tsx';

export default function MypageCoupons() {
  return (
    <MemberGate loading={<Panels coupons={null} points={null} />}>
      <MyCoupons />
    </MemberGate>
  );
}
