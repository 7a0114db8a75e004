/** Spec 2 routes as typed path builders: every public, social-gift and my-page route in one module. */
import { describe, expect, it } from 'vitest';
import { mypagePaths } from '#lib/mypage-routes.ts';
import { paths, safeReturnPath, screenAccess } from '#lib/routes.ts';

describe('spec 2 public routes', () => {
  it('builds every fixed public route with the trailing slash the build uses', () => {
    const fixed = [
      paths.home,
      paths.ec,
      paths.blog,
      paths.cart,
      paths.cartConfirm,
      paths.cartPayment,
      paths.cartShippingAdd,
      paths.cartShippingDetail,
      paths.cartShippingSelect,
      paths.catalogOrder,
      paths.contact,
      paths.contactComplete,
      paths.contactConfirm,
      paths.faq,
      paths.flipBook,
      paths.loginUnlock,
      paths.loginSync,
      paths.maintenance,
      paths.maker,
      paths.news,
      paths.popup,
      paths.register,
      paths.registerComplete,
      paths.reminder,
      paths.reminderReset,
      paths.reminderUsername,
      paths.reminderUsernameReset,
      paths.sitemap,
      paths.stylist,
      paths.verify,
      paths.verifyEmail,
      paths.verifyRestock,
    ];
    expect(fixed).toEqual([
      '/',
      '/ec/',
      '/blog/',
      '/cart/',
      '/cart/confirm/',
      '/cart/payment/',
      '/cart/shipping-add/',
      '/cart/shipping-detail/',
      '/cart/shipping-select/',
      '/catalog-order/',
      '/contact/',
      '/contact/complete/',
      '/contact/confirm/',
      '/faq/',
      '/flip-book/',
      '/login/unlock/',
      '/login_sync/',
      '/maintenance/',
      '/maker/',
      '/news/',
      '/popup/',
      '/register/',
      '/register/complete/',
      '/reminder/',
      '/reminder/reset/',
      '/reminder/username/',
      '/reminder/username/reset/',
      '/sitemap/',
      '/stylist/',
      '/verify/',
      '/verify/email/',
      '/verify/restock/',
    ]);
  });

  it('builds keyed routes with the key as one encoded segment', () => {
    expect(paths.productDetail('tee-001')).toBe('/product/tee-001/');
    expect(paths.productDetail('a/b?c')).toBe('/product/a%2Fb%3Fc/');
    expect(paths.blogDetail(3)).toBe('/blog/3/');
    expect(paths.newsDetail('spring')).toBe('/news/spring/');
    expect(paths.makerDetail('acme')).toBe('/maker/acme/');
    expect(paths.stylistDetail('hana')).toBe('/stylist/hana/');
  });

  it('the product list carries its filters and leaves page 1 out of the URL', () => {
    expect(paths.productList()).toBe('/product/');
    expect(paths.productList({ category: 'tops', page: 1 })).toBe('/product/?category=tops');
    expect(paths.productList({ keyword: 'シャツ', page: 2 })).toBe(`/product/?keyword=${encodeURIComponent('シャツ')}&page=2`);
  });

  it('the thanks page carries the order number', () => {
    expect(paths.cartComplete('A-1')).toBe('/cart/complete/?order_no=A-1');
    expect(paths.cartComplete()).toBe('/cart/complete/');
  });

  it('social gift: the key segment is optional on every step', () => {
    expect(paths.socialGift.top()).toBe('/social-gift/');
    expect(paths.socialGift.top('k1')).toBe('/social-gift/k1/');
    expect(paths.socialGift.shipping()).toBe('/social-gift/shipping/');
    expect(paths.socialGift.shipping('k1')).toBe('/social-gift/k1/shipping/');
    expect(paths.socialGift.delivery('k1')).toBe('/social-gift/k1/delivery/');
    expect(paths.socialGift.confirm('k1')).toBe('/social-gift/k1/confirm/');
    expect(paths.socialGift.complete('k1')).toBe('/social-gift/k1/complete/');
  });
});

describe('spec 2 my-page routes', () => {
  it('builds every my-page route', () => {
    const m = mypagePaths;
    expect([
      m.top,
      m.address,
      m.addressAdd,
      m.addressEdit(5),
      m.bookmark,
      m.card,
      m.cardAdd,
      m.leave,
      m.list,
      m.listDetail('fav'),
      m.loginHistory,
      m.logout,
      m.measurement,
      m.measurementEdit,
      m.memorial,
      m.memorialAdd,
      m.memorialEdit(2),
      m.messageCenter,
      m.messageCenterDetail(9),
      m.nameEmbroidery,
      m.nameEmbroideryEdit,
      m.orderHistory(),
      m.orderDetail(12),
      m.password,
      m.point,
      m.productHistory,
      m.productRequestHistory,
      m.productSearchHistory,
      m.userInfo,
      m.userInfoEdit,
    ]).toEqual([
      '/mypage/',
      '/mypage/address/',
      '/mypage/address/add/',
      '/mypage/address/5/edit/',
      '/mypage/bookmark/',
      '/mypage/card/',
      '/mypage/card/add/',
      '/mypage/leave/',
      '/mypage/list/',
      '/mypage/list/fav/',
      '/mypage/login_history/',
      '/mypage/logout/',
      '/mypage/measurement/',
      '/mypage/measurement/edit/',
      '/mypage/memorial/',
      '/mypage/memorial/add/',
      '/mypage/memorial/2/edit/',
      '/mypage/message-center/',
      '/mypage/message-center/9/',
      '/mypage/name-embroidery/',
      '/mypage/name-embroidery/edit/',
      '/mypage/order_history/',
      '/mypage/order_history/12/',
      '/mypage/password/',
      '/mypage/point/',
      '/mypage/product_history/',
      '/mypage/product_request_history/',
      '/mypage/product_search_history/',
      '/mypage/user_info/',
      '/mypage/user_info/edit/',
    ]);
    expect(m.orderHistory(3)).toBe('/mypage/order_history/?page=3');
  });
});

describe('login URL and return path', () => {
  it('/login/ keeps a same-origin way back, and re=1 after a failed refresh', () => {
    expect(paths.login()).toBe('/login/');
    expect(paths.login({ redirect: '/mypage/order_history/?page=2' })).toBe(
      `/login/?redirect=${encodeURIComponent('/mypage/order_history/?page=2')}`,
    );
    expect(paths.login({ refreshFailed: true })).toBe('/login/?re=1');
  });

  it('never returns to another origin, a control character or the login page itself', () => {
    for (const bad of [
      'https://evil.example/',
      '//evil.example/',
      '/\\evil',
      'mypage/',
      '/a\u0000b',
      '/login/',
      '/login/?re=1',
      '',
      null,
    ]) {
      expect(safeReturnPath(bad), String(bad)).toBeNull();
    }
    expect(paths.login({ redirect: '//evil.example/' })).toBe('/login/');
  });
});

describe('screen access', () => {
  it('my-page and the checkout steps are member-only', () => {
    for (const p of ['/mypage/', '/mypage/order_history/12/', '/cart/shipping-select/', '/cart/payment/', '/cart/confirm/'])
      expect(screenAccess(p), p).toBe('member');
  });
  it('login, register and reminder are guest-only; /ec/, the cart and catalogue are public (spec 2)', () => {
    for (const p of ['/login/', '/register/', '/reminder/username/reset/']) expect(screenAccess(p), p).toBe('guest');
    for (const p of ['/', '/ec/', '/cart/', '/cart/complete/', '/product/', '/register/complete/', '/news/1/', '/mypage/leave/complete/'])
      expect(screenAccess(p), p).toBe('public');
  });
});

describe('single routes for islands', () => {
  it('are the same routes as the paths table (spelled once), so an island can import one without the table', async () => {
    const r = await import('#lib/routes.ts');
    expect([
      r.homePath,
      r.ecPath,
      r.cartPath,
      r.cartShippingSelectPath,
      r.cartPaymentPath,
      r.cartConfirmPath,
      r.maintenancePath,
      r.verifyPath,
      r.mypageTopPath,
    ]).toEqual([
      paths.home,
      paths.ec,
      paths.cart,
      paths.cartShippingSelect,
      paths.cartPayment,
      paths.cartConfirm,
      paths.maintenance,
      paths.verify,
      mypagePaths.top,
    ]);
    expect(r.loginPath).toBe(paths.login);
    expect(r.cartCompletePath).toBe(paths.cartComplete);
    expect(r.productDetailPath).toBe(paths.productDetail);
    expect(r.productListPath).toBe(paths.productList);
    expect(r.orderHistoryPath).toBe(mypagePaths.orderHistory);
    const mp = await import('#lib/mypage-routes.ts');
    expect(mp.orderDetailPath).toBe(mypagePaths.orderDetail);
    expect([mp.mypagePasswordPath, mp.mypagePointPath, mp.mypageAddressPath]).toEqual([
      mypagePaths.password,
      mypagePaths.point,
      mypagePaths.address,
    ]);
    expect(paths.cartAdd).toBe('/cart/add/');
  });
});
