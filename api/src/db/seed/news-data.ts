/**
 * Seeded news. Every item states only what the shop does today: 代金引換 and 銀行振込, one delivery
 * address per order from the address book, carriage from CARRIAGE (via terms.ts). Nothing here
 * promises points, coupons, order remarks, a delivery date, gift wrapping or card payment.
 */
import { CARRIAGE_TEXT, FREE_CARRIAGE_TEXT, TRANSFER_DAYS } from './terms.ts';

export interface NewsSeed {
  key: string;
  title: string;
  body: string;
  important?: boolean;
  date: string;
}

const at = (day: string) => `${day}T10:00:00+09:00`;

/** The main channel's news, newest first (24 items: three pages of 10). */
export const newsSeeds: NewsSeed[] = [
  {
    key: 'year-end-2026',
    title: '年末年始の営業および配送についてのお知らせ',
    important: true,
    date: '2026-11-20T12:00:00+09:00',
    body: '<p>誠に勝手ながら、2026年12月29日（火）から2027年1月3日（日）まで、年末年始休業とさせていただきます。</p><p>12月28日（月）正午までにいただいた代金引換のご注文と、同じ時刻までにご入金を確認できた銀行振込のご注文は、年内に発送いたします。休業期間中のご注文・お問い合わせは、1月4日（月）より順次対応いたします。</p>',
  },
  {
    key: 'mino-new-colors',
    title: '美濃焼 土岐窯元のカフェボウルに新色が加わりました',
    date: at('2026-11-17'),
    body: '<p>美濃焼 土岐窯元の「カフェボウル」に、やわらかな灰釉の新色が加わりました。サラダやシリアル、スープにも使いやすい深さです。</p><p><a href="/product/?category=tableware">食器の一覧</a>からご覧ください。</p>',
  },
  {
    key: 'fraud-mail',
    title: '当店を装った不審なメールにご注意ください',
    important: true,
    date: '2026-11-15T09:00:00+09:00',
    body: '<p>当店を装い、個人情報やパスワードの入力を求める不審なメールが確認されています。当店からメールでパスワードをお尋ねすることはございません。</p><p>心当たりのないメールに記載されたURLは開かず、削除してください。</p>',
  },
  {
    key: 'coffee-decaf',
    title: '森の珈琲焙煎所「カフェインレス コロンビア」を入荷しました',
    date: at('2026-11-12'),
    body: '<p>夜のひとときにも楽しめる、カフェインを99.9%除去したコロンビアを入荷しました。豆のままと中挽きからお選びいただけます。</p><p>食品は軽減税率（8%）の対象です。商品ページには税込価格を表示しています。</p>',
  },
  {
    key: 'carriage-guide',
    title: '送料についてのご案内',
    date: at('2026-11-10'),
    body: `<p>${CARRIAGE_TEXT}</p><p>送料はカート画面と確認画面に表示されます。お届け先は1回のご注文につき1か所です。</p>`,
  },
  {
    key: 'maintenance-1118',
    title: '【11/18】システムメンテナンスのお知らせ',
    important: true,
    date: at('2026-11-05'),
    body: '<p>下記の日時にシステムメンテナンスを実施いたします。メンテナンス中はサイトをご利用いただけません。</p><p>2026年11月18日（水）2:00〜5:00</p>',
  },
  {
    key: 'new-brand-kasane',
    title: '新ブランド「KASANE」の取り扱いを開始しました',
    date: at('2026-10-28'),
    body: '<p>岡山の帽子工房「帽子工房 かさね」の取り扱いを開始しました。リネンのバケットハットやウールのベレー帽など、季節の素材で仕立てた帽子をぜひご覧ください。</p>',
  },
  {
    key: 'winter-knit-arrivals',
    title: '和歌山ニット工業の冬のニットが入荷しました',
    date: at('2026-10-21'),
    body: '<p>和歌山ニット工業のウールニットが入荷しました。自宅での洗い方はブログ「<a href="/blog/knit-care/">ウールのニットを自宅で洗う方法</a>」でご紹介しています。</p>',
  },
  {
    key: 'winter-gift-feature',
    title: '読みもの「2026年 冬のギフトガイド」を公開しました',
    date: at('2026-10-15'),
    body: '<p>スタイリストの水野 葵さんが、産地の手仕事から冬の贈りものを選びました。記事は<a href="/blog/gift-guide-2026/">こちら</a>からお読みいただけます。</p>',
  },
  {
    key: 'price-revision-1001',
    title: '一部商品の価格改定のお知らせ',
    date: at('2026-09-15'),
    body: '<p>原材料価格の高騰により、2026年10月1日（木）ご注文分より、一部商品の価格を改定いたします。何卒ご理解賜りますようお願い申し上げます。</p>',
  },
  {
    key: 'silver-week',
    title: '連休中の出荷についてのお知らせ',
    date: at('2026-09-10'),
    body: '<p>9月19日（土）から9月23日（水）までの連休中は出荷業務をお休みいたします。期間中のご注文は9月24日（木）より順次発送いたします。</p>',
  },
  {
    key: 'delivery-delay-typhoon',
    title: '台風の影響による配送遅延について',
    important: true,
    date: at('2026-08-30'),
    body: '<p>台風の接近に伴い、九州・四国地方への配送に遅れが生じております。ご迷惑をおかけし申し訳ございません。</p>',
  },
  {
    key: 'stylist-column',
    title: 'スタイリスト水野 葵さんの連載が始まりました',
    date: at('2026-08-26'),
    body: '<p>手持ちの服で季節を楽しむコツを、スタイリストの水野 葵さんがブログで紹介します。第1回は「<a href="/blog/autumn-layering/">秋の重ね着レッスン</a>」です。</p>',
  },
  {
    key: 'login-protection',
    title: 'アカウント保護のため、ログインの試行回数を制限しました',
    date: at('2026-08-18'),
    body: '<p>第三者による不正なログインを防ぐため、パスワードを続けて間違えた場合はアカウントを一時的にロックするようにしました。ロックはしばらく時間をおくと解除されます。</p>',
  },
  {
    key: 'summer-holiday',
    title: '夏季休業のお知らせ',
    date: at('2026-08-01'),
    body: '<p>8月13日（木）から8月16日（日）まで夏季休業とさせていただきます。休業期間中もご注文は承っております。</p>',
  },
  {
    key: 'bank-transfer-start',
    title: '銀行振込でのお支払いに対応しました',
    date: at('2026-07-15'),
    body: `<p>お支払い方法に「銀行振込（前払い）」を追加しました。ご注文後${TRANSFER_DAYS}日以内にお振込みください。振込先はご注文確認メールでお知らせします。</p>`,
  },
  {
    key: 'order-history',
    title: 'マイページで注文履歴をご確認いただけるようになりました',
    date: at('2026-07-01'),
    body: '<p>マイページの「注文履歴」から、これまでのご注文の内容と状況をご確認いただけるようになりました。</p>',
  },
  {
    key: 'recycled-packaging',
    title: '梱包資材を再生紙に切り替えました',
    date: at('2026-06-20'),
    body: '<p>商品をお届けする箱と緩衝材を、再生紙を使ったものに切り替えました。開封後は古紙としてリサイクルしていただけます。</p>',
  },
  {
    key: 'app-renewal',
    title: 'サイトリニューアルのお知らせ',
    date: at('2026-06-01'),
    body: '<p>より快適にお買い物をお楽しみいただけるよう、サイトをリニューアルしました。今後ともMaison Kiyoraをよろしくお願いいたします。</p>',
  },
  {
    key: 'rainy-season-linen',
    title: 'リネンアイテム特集を公開しました',
    date: at('2026-05-20'),
    body: '<p>梅雨から夏にかけて活躍するリネンのシャツ、パンツ、ストールを集めた特集を公開しました。</p>',
  },
  {
    key: 'golden-week',
    title: 'ゴールデンウィーク期間の出荷について',
    date: at('2026-04-20'),
    body: '<p>5月2日（土）から5月6日（水）までは出荷業務をお休みいたします。期間中のご注文は5月7日（木）より順次発送いたします。</p>',
  },
  {
    key: 'free-carriage-line',
    title: `${FREE_CARRIAGE_TEXT}です`,
    date: at('2026-04-01'),
    body: `<p>${CARRIAGE_TEXT}</p><p>まとめてのご注文がおトクです。</p>`,
  },
  {
    key: 'spring-arrivals',
    title: '播州織のシャツなど春物が入荷しました',
    date: at('2026-03-10'),
    body: '<p>播州織工房 ひよりのギンガムチェックシャツ、近江リネン舎のリネンストールなど、春物の入荷が始まりました。</p>',
  },
  {
    key: 'mail-settings',
    title: 'メールの受信設定のお願い',
    date: at('2026-01-20'),
    body: '<p>ご注文確認メールは「example.jp」のドメインからお送りしています。ドメイン指定受信をご利用の方は、受信できるよう設定をお願いいたします。</p>',
  },
];

/** The outlet channel's own news. */
export const outletNewsSeeds: NewsSeed[] = [
  {
    key: 'outlet-year-end-2026',
    title: '年末年始の営業についてのお知らせ',
    important: true,
    date: '2026-11-20T12:00:00+09:00',
    body: '<p>12月29日（火）から1月3日（日）まで休業いたします。</p>',
  },
  {
    key: 'outlet-returns',
    title: 'アウトレット品の返品・交換について',
    date: at('2026-10-01'),
    body: '<p>アウトレット品は返品・交換をお受けしておりません。商品説明をご確認のうえご注文ください。</p>',
  },
  {
    key: 'outlet-new-items',
    title: '冬物アウトレット品を追加しました',
    date: at('2026-11-10'),
    body: '<p>コート、ニットなど冬物のアウトレット品を追加しました。</p>',
  },
  {
    key: 'outlet-open',
    title: 'アウトレットストア オープンのお知らせ',
    date: at('2026-09-01'),
    body: '<p>Maison Kiyora OUTLETをオープンしました。</p>',
  },
];
