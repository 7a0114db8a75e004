/**
 * The seed catalogue: category tree, makers and brands, and product families. A family is one
 * product model; each of its variants (colour, size, weight) becomes a product of its own.
 * Makers and brands are fictional workshops named after real Japanese craft regions.
 */

export interface CategorySeed { key: string; name: string; children?: CategorySeed[] }

/** Top-level keys are fixed by the storefront (one product image per top-level key). */
export const productCategories: CategorySeed[] = [
  { key: 'tops', name: 'トップス', children: [
    { key: 'tshirts', name: 'Tシャツ・カットソー' }, { key: 'shirts', name: 'シャツ・ブラウス' },
    { key: 'knit', name: 'ニット・セーター' }, { key: 'sweat', name: 'スウェット・パーカー' },
  ] },
  { key: 'bottoms', name: 'ボトムス', children: [
    { key: 'pants', name: 'パンツ' }, { key: 'denim', name: 'デニムパンツ' }, { key: 'skirts', name: 'スカート' },
  ] },
  { key: 'outer', name: 'アウター', children: [
    { key: 'coats', name: 'コート' }, { key: 'jackets', name: 'ジャケット・ブルゾン' }, { key: 'cardigans', name: 'カーディガン' },
  ] },
  { key: 'bags', name: 'バッグ', children: [
    { key: 'tote', name: 'トートバッグ' }, { key: 'shoulder', name: 'ショルダーバッグ' },
    { key: 'backpacks', name: 'リュック・バックパック' }, { key: 'wallets', name: '財布・革小物' },
  ] },
  { key: 'shoes', name: 'シューズ', children: [
    { key: 'sneakers', name: 'スニーカー' }, { key: 'leather-shoes', name: '革靴・ブーツ' }, { key: 'sandals', name: 'サンダル' },
  ] },
  { key: 'accessories', name: 'アクセサリー', children: [
    { key: 'hats', name: '帽子' }, { key: 'stoles', name: 'ストール・マフラー' },
    { key: 'jewelry', name: 'ジュエリー' }, { key: 'socks', name: 'ソックス' },
  ] },
  { key: 'kitchen', name: 'キッチン・食器', children: [
    { key: 'tableware', name: '食器' }, { key: 'cups', name: 'カップ・グラス' }, { key: 'cookware', name: '調理道具' },
  ] },
  { key: 'food', name: '食品・飲料', children: [
    { key: 'tea', name: 'お茶', children: [{ key: 'green-tea', name: '緑茶・抹茶' }, { key: 'black-tea', name: '紅茶・ハーブティー' }] },
    { key: 'coffee', name: 'コーヒー' }, { key: 'sweets', name: '和菓子・スイーツ' }, { key: 'seasoning', name: '調味料' },
  ] },
];

/** Categories of the contact form (GET /v1/categories/hierarchy?table=inquiries). */
export const inquiryCategories: CategorySeed[] = [
  { key: 'inquiry-product', name: '商品について' },
  { key: 'inquiry-order', name: 'ご注文について' },
  { key: 'inquiry-shipping', name: '配送について' },
  { key: 'inquiry-return', name: '返品・交換について' },
  { key: 'inquiry-corporate', name: '法人のお客様', children: [
    { key: 'inquiry-wholesale', name: '卸売・お取引のご相談' }, { key: 'inquiry-catalog', name: 'カタログ請求' },
  ] },
  { key: 'inquiry-other', name: 'その他' },
];

export interface MakerSeed { key: string; code: string; name: string; kana: string; description: string; brands: string[] }

export const makerSeeds: MakerSeed[] = [
  { key: 'kiyora-atelier', code: 'KYR', name: 'メゾン キヨラ アトリエ', kana: 'メゾン キヨラ アトリエ', brands: ['KIYORA', 'KIYORA basic'],
    description: '当店のオリジナルレーベル。国内の工場と二人三脚で、長く着られる日常着を企画しています。' },
  { key: 'kojima-denim', code: 'KJD', name: '児島デニム製作所', kana: 'コジマデニムセイサクショ', brands: ['KOJIMA INDIGO'],
    description: '岡山県倉敷市児島で、旧式の力織機によるセルビッジデニムを一本ずつ縫製しています。' },
  { key: 'banshu-hiyori', code: 'BNS', name: '播州織工房 ひより', kana: 'バンシュウオリコウボウ ヒヨリ', brands: ['HIYORI'],
    description: '兵庫県西脇市の先染め織物「播州織」。糸を染めてから織るため、色に深みが出ます。' },
  { key: 'wakayama-knit', code: 'WKN', name: '和歌山ニット工業', kana: 'ワカヤマニットコウギョウ', brands: ['WAKAYAMA KNIT CO.'],
    description: '吊り編み機を今も動かす和歌山の丸編み工場。ふっくらとした天竺と裏毛が自慢です。' },
  { key: 'omi-linen', code: 'OML', name: '近江リネン舎', kana: 'オウミリネンシャ', brands: ['OMI LINEN'],
    description: '滋賀県湖東地域に伝わる麻織物の技術で、リネンの生地から製品まで手がけています。' },
  { key: 'toyooka-kaban', code: 'TYK', name: '豊岡鞄工房', kana: 'トヨオカカバンコウボウ', brands: ['TOYOOKA BAG WORKS'],
    description: '鞄の町・兵庫県豊岡市の工房。帆布やナイロンを使った丈夫で軽い鞄を作っています。' },
  { key: 'himeji-leather', code: 'HML', name: '姫路レザーワークス', kana: 'ヒメジレザーワークス', brands: ['HIMEJI LEATHER'],
    description: '姫路の白なめし革の産地で、タンナーから仕入れた国産牛革を職人が仕立てます。' },
  { key: 'kurume-shoes', code: 'KRM', name: '久留米シューズ', kana: 'クルメシューズ', brands: ['KURUME RUBBER'],
    description: '福岡県久留米市のゴム底製法。加硫釜で焼き上げる、丈夫で履き心地の良いスニーカーです。' },
  { key: 'asakusa-kutsu', code: 'ASK', name: '浅草靴工房', kana: 'アサクサクツコウボウ', brands: ['ASAKUSA SHOEMAKERS'],
    description: '東京・浅草の靴職人による、グッドイヤーウェルト製法の革靴とブーツ。' },
  { key: 'kobe-sandal', code: 'KBS', name: '神戸サンダル製作所', kana: 'コウベサンダルセイサクショ', brands: ['KOBE SANDAL'],
    description: '神戸・長田の履物づくりの技術を生かした、軽くて疲れにくいサンダル。' },
  { key: 'kasane-boshi', code: 'KSN', name: '帽子工房 かさね', kana: 'ボウシコウボウ カサネ', brands: ['KASANE'],
    description: '岡山の麦わら帽子づくりから始まった工房。季節に合わせた素材で帽子を仕立てます。' },
  { key: 'tango-kinuya', code: 'TGS', name: '丹後ちりめん 絹屋', kana: 'タンゴチリメン キヌヤ', brands: ['TANGO SILK'],
    description: '京都府京丹後市の絹織物「丹後ちりめん」の機屋。独特のシボが肌に心地よく沿います。' },
  { key: 'koshu-jewel', code: 'KSJ', name: '甲州ジュエリー工房', kana: 'コウシュウジュエリーコウボウ', brands: ['KOSHU JEWEL'],
    description: '宝飾の町・山梨県甲府市の工房。研磨から石留めまで一貫して手作業で行います。' },
  { key: 'nara-kutsushita', code: 'NRS', name: '奈良くつした工房', kana: 'ナラクツシタコウボウ', brands: ['NARA SOCKS'],
    description: '靴下の国内生産量日本一の奈良県広陵町で、ローゲージ編み機を使い丁寧に編んでいます。' },
  { key: 'arita-kinzan', code: 'ART', name: '有田 錦山窯', kana: 'アリタ キンザンガマ', brands: ['KINZAN'],
    description: '佐賀県有田町で四代続く窯元。伝統の染付を、毎日使える器に仕立てています。' },
  { key: 'mino-toki', code: 'MNO', name: '美濃焼 土岐窯元', kana: 'ミノヤキ トキカマモト', brands: ['TOKI CERAMICS'],
    description: '岐阜県土岐市の窯元。織部や灰釉など、美濃の多彩な釉薬を生かした器を作っています。' },
  { key: 'yamanaka-kiya', code: 'YMN', name: '山中漆器 木屋', kana: 'ヤマナカシッキ キヤ', brands: ['KIYA'],
    description: '石川県山中温泉の木地師が挽いた椀に、拭き漆を重ねた普段使いの木の器。' },
  { key: 'kujukuri-glass', code: 'KGL', name: '九十九里硝子', kana: 'クジュウクリガラス', brands: ['99 GLASS'],
    description: '千葉県九十九里の吹きガラス工房。ひとつずつ宙吹きで形づくるため、表情が少しずつ異なります。' },
  { key: 'tsubame-kanamono', code: 'TBM', name: '燕三条 金物工房', kana: 'ツバメサンジョウ カナモノコウボウ', brands: ['TSUBAME WORKS'],
    description: '新潟県燕三条の金属加工の技術で、一生ものの鍋や刃物を作っています。' },
  { key: 'nambu-morioka', code: 'NBT', name: '南部鉄器 盛岡工房', kana: 'ナンブテッキ モリオカコウボウ', brands: ['NAMBU IRON'],
    description: '岩手県盛岡市の鋳物工房。砂型でひとつずつ鋳込む南部鉄器は、使うほどに育ちます。' },
  { key: 'marumatsu-en', code: 'MMS', name: '丸松園', kana: 'マルマツエン', brands: ['MARUMATSU'],
    description: '静岡県牧之原台地の茶園。自園で育てた茶葉を深蒸し製法で仕上げています。' },
  { key: 'uji-kaneyoshi', code: 'UJI', name: '宇治 茶舗 かねよし', kana: 'ウジ チャホ カネヨシ', brands: ['KANEYOSHI'],
    description: '京都・宇治で明治から続く茶舗。石臼挽きの抹茶と覆い下栽培の玉露が看板です。' },
  { key: 'mori-coffee', code: 'MRC', name: '森の珈琲焙煎所', kana: 'モリノコーヒーバイセンジョ', brands: ['MORI COFFEE ROASTERS'],
    description: '長野県安曇野の小さな焙煎所。注文ごとに少量ずつ焙煎したスペシャルティコーヒー。' },
  { key: 'kyogashi-tsurunoya', code: 'TRN', name: '京菓子 鶴乃屋', kana: 'キョウガシ ツルノヤ', brands: ['TSURUNOYA'],
    description: '京都・西陣の和菓子屋。丹波の小豆と和三盆を使い、季節の菓子を手づくりしています。' },
  { key: 'shodoshima-yamakita', code: 'YMK', name: '小豆島 醤油蔵 ヤマキタ', kana: 'ショウドシマ ショウユグラ ヤマキタ', brands: ['YAMAKITA'],
    description: '香川県小豆島の醤油蔵。百年を超える木桶で二年かけて熟成させた醤油を造っています。' },
];

/** One product model. `variants` is "label" or "label:price" separated by commas. */
export interface FamilySeed { leaf: string; name: string; price: number; variants: string; maker: string; description: string; tax?: 8 | 10 }

const fam = (leaf: string, maker: string, name: string, price: number, variants: string, description: string, tax?: 8 | 10): FamilySeed =>
  ({ leaf, maker, name, price, variants, description, tax });

export const families: FamilySeed[] = [
  // トップス
  fam('tshirts', 'wakayama-knit', 'オーガニックコットン クルーネックTシャツ', 3600, 'ホワイト,ブラック,ネイビー,グレー', '和歌山の吊り編み機でゆっくり編み上げた、ふっくらと柔らかなオーガニックコットン天竺。'),
  fam('tshirts', 'wakayama-knit', '吊り編み ポケットTシャツ', 5800, 'オフホワイト,杢グレー,ネイビー', '一時間に約1メートルしか編めない吊り編み機による度詰め天竺。洗うほどに風合いが増します。'),
  fam('tshirts', 'kiyora-atelier', 'ボーダー ボートネックカットソー', 6800, 'ネイビー×ホワイト,ブラック×エクリュ,レッド×ホワイト', '肉厚のコットン生地で仕立てた定番のバスクシャツ。一枚でも重ね着でも。'),
  fam('tshirts', 'omi-linen', 'リネン混 ドルマンスリーブ プルオーバー', 7400, 'オフホワイト,ライトブルー,モカ', 'さらりとしたリネン混の天竺。肩の落ちたゆったりシルエットです。'),
  fam('tshirts', 'wakayama-knit', 'ワッフル ロングスリーブTシャツ', 4800, 'エクリュ,チャコール,オリーブ', '凹凸のあるワッフル編みで、肌離れが良く春先から秋まで活躍します。'),
  fam('tshirts', 'wakayama-knit', 'ヘンリーネック 長袖カットソー', 5400, 'オートミール,ネイビー,ブラウン', '三つボタンのヘンリーネック。しっかりとしたフライス編みでよれにくい一枚です。'),
  fam('shirts', 'banshu-hiyori', '播州織 ギンガムチェック シャツ', 12800, 'ネイビー,ブラウン,グリーン', '先染めの糸で織り上げた播州織のギンガム。やわらかな肌ざわりで一年を通して着られます。'),
  fam('shirts', 'omi-linen', 'リネン バンドカラーシャツ', 14800, 'ホワイト,サックス,ブラック', '近江で織られたリネン100%の生地を、洗いをかけてやわらかく仕上げました。'),
  fam('shirts', 'banshu-hiyori', 'オックスフォード ボタンダウンシャツ', 9800, 'ホワイト,ブルー,ピンク', '程よい厚みのオックスフォード生地。アイロンいらずのイージーケア加工です。'),
  fam('shirts', 'kiyora-atelier', 'コットンボイル ギャザーブラウス', 8900, 'ホワイト,ブラック,ベージュ', '透け感のある薄手のボイル生地に、たっぷりギャザーを寄せたブラウス。'),
  fam('shirts', 'kojima-denim', 'シャンブレー ワークシャツ', 11000, 'ライトインディゴ,グレー', '児島のデニム工場で縫製した、胸ポケット付きの本格ワークシャツ。'),
  fam('knit', 'wakayama-knit', 'ウール カシミヤ混 クルーネックニット', 16800, 'グレー,ネイビー,キャメル,ボルドー', 'カシミヤを10%混ぜたウール糸で編んだ、ちくちくしにくいハイゲージニット。'),
  fam('knit', 'wakayama-knit', 'ケーブル編み ローゲージセーター', 19800, 'アイボリー,グレー,ダークグリーン', '太番手の糸で編み立てたフィッシャーマン風のセーター。真冬の主役になります。'),
  fam('knit', 'kiyora-atelier', 'コットン サマーニット ベスト', 8800, 'エクリュ,ブラック', 'シャツやTシャツに重ねやすい、コットン100%の軽いニットベスト。'),
  fam('knit', 'kiyora-atelier', 'モヘア混 ボリュームニット', 15800, 'ミント,ラベンダー,オフホワイト', 'ふんわりとしたモヘア混の糸で、軽くて暖かいボリュームのある一着。'),
  fam('sweat', 'wakayama-knit', '裏毛 スウェットシャツ', 9800, '杢グレー,ネイビー,オートミール', '吊り裏毛の生地を使った定番スウェット。首元はへたりにくい二重仕立てです。'),
  fam('sweat', 'wakayama-knit', '吊り裏毛 ジップパーカー', 14800, '杢グレー,ブラック', '空気を含んだ吊り裏毛で、軽さと暖かさを両立したジップパーカー。'),
  fam('sweat', 'kiyora-atelier', 'ガーメントダイ プルオーバーパーカー', 12800, 'セージ,スモークブルー,チャコール', '製品染めならではの、こなれた色合いとやわらかな風合いが魅力です。'),
  // ボトムス
  fam('pants', 'omi-linen', 'リネン混 ワイドパンツ', 9800, 'ベージュ,ネイビー,ブラック,カーキ', 'リネンとコットンを織り交ぜた、しわになりにくいワイドパンツ。ウエストはゴム仕様です。'),
  fam('pants', 'kiyora-atelier', 'センタープレス テーパードパンツ', 12800, 'チャコール,グレージュ,ネイビー', 'ストレッチの効いたポリエステル素材で、きれいめにもカジュアルにも合わせられます。'),
  fam('pants', 'kiyora-atelier', 'コットンツイル イージーパンツ', 7800, 'オリーブ,ベージュ,ブラック', '穿き心地の良いウエストゴムと、すっきり見えるシルエットのイージーパンツ。'),
  fam('pants', 'kiyora-atelier', 'ウール フランネル スラックス', 18800, 'グレー,ブラウン', '起毛感のあるウールフランネルで仕立てた、秋冬のための一本。'),
  fam('pants', 'wakayama-knit', '裏毛 スウェットパンツ', 8800, '杢グレー,ネイビー,ブラック', 'スウェットシャツと同じ吊り裏毛で仕立てた、すっきり見えるスウェットパンツ。'),
  fam('pants', 'kiyora-atelier', 'バックサテン カーゴパンツ', 11800, 'カーキ,ブラック', '丈夫なバックサテン生地を使ったカーゴパンツ。大きめのポケットが便利です。'),
  fam('denim', 'kojima-denim', '14oz セルビッジデニム ストレートジーンズ', 19800, 'ワンウォッシュ,ユーズド', '旧式の力織機で織ったセルビッジデニム。穿き込むほどに自分だけの色落ちが楽しめます。'),
  fam('denim', 'kojima-denim', '児島デニム ワイドジーンズ', 16800, 'ワンウォッシュ,ライトブルー,ブラック', '股上深めのゆったりとしたワイドシルエット。裾はカットしてお好みの丈に。'),
  fam('denim', 'kojima-denim', 'ストレッチデニム テーパードパンツ', 13800, 'インディゴ,ブラック', 'ほどよく伸びるストレッチデニムで、一日穿いても疲れにくいテーパードパンツ。'),
  fam('skirts', 'kojima-denim', 'デニム ラップスカート', 12800, 'インディゴ,ライトブルー', '巻きスカート風のデザインで、動くたびに裾が揺れるデニムスカート。'),
  fam('skirts', 'omi-linen', 'リネン ギャザースカート', 13800, 'ネイビー,オフホワイト,テラコッタ', 'ウエストにたっぷりギャザーを寄せた、リネン100%のロングスカート。'),
  fam('skirts', 'kiyora-atelier', 'プリーツ ロングスカート', 11800, 'ブラック,グレージュ,モスグリーン', '家庭で洗えるポリエステルのプリーツスカート。プリーツが取れにくい加工済みです。'),
  fam('skirts', 'banshu-hiyori', '播州織 チェック フレアスカート', 10800, 'ネイビー,ブラウン', '先染めチェックの播州織で仕立てた、ふんわり広がるフレアスカート。'),
  // アウター
  fam('coats', 'kiyora-atelier', 'ウールメルトン ステンカラーコート', 39800, 'ネイビー,キャメル,チャコール', '目の詰まったウールメルトンで、風を通しにくく型崩れしにくいコートです。'),
  fam('coats', 'kiyora-atelier', 'コットンギャバジン トレンチコート', 34800, 'ベージュ,ネイビー', '高密度のコットンギャバジンに撥水加工を施した、春秋に頼れるトレンチコート。'),
  fam('coats', 'kiyora-atelier', '撥水ナイロン フーデッドコート', 24800, 'ブラック,オリーブ', '小雨をはじく撥水ナイロン。付属の収納袋に入れて持ち運べます。'),
  fam('coats', 'kiyora-atelier', 'リバーウール ノーカラーコート', 42800, 'グレージュ,ブラウン', '二枚の生地を張り合わせたリバー仕立て。軽く、一枚仕立てとは思えない暖かさです。'),
  fam('jackets', 'kojima-denim', '児島デニム ジャケット', 19800, 'ワンウォッシュ,ユーズド', 'ジーンズと同じ14ozデニムを使った、ヴィンテージ風のデニムジャケット。'),
  fam('jackets', 'omi-linen', 'リネン テーラードジャケット', 26800, 'ネイビー,ベージュ', '芯地を省いた軽い仕立てのリネンジャケット。シャツ感覚で羽織れます。'),
  fam('jackets', 'kiyora-atelier', 'コーデュロイ カバーオール', 22800, 'ブラウン,ネイビー,オフホワイト', '太畝のコーデュロイで仕立てたカバーオール。ポケットの多い実用的な一着です。'),
  fam('jackets', 'kiyora-atelier', 'ナイロン ショートブルゾン', 16800, 'ブラック,ネイビー,ベージュ', '軽くて丈夫なナイロンタフタのブルゾン。裏地はメッシュで蒸れにくい仕様です。'),
  fam('cardigans', 'wakayama-knit', '和紙混 コットン カーディガン', 12800, 'オフホワイト,ネイビー,ブラック', '和紙の糸を混ぜることで、さらりと軽く、夏の冷房対策にも向いています。'),
  fam('cardigans', 'wakayama-knit', 'ウール ショート丈カーディガン', 14800, 'グレー,キャメル,グリーン', 'ワンピースにも合わせやすい短め丈。ボタンは天然の貝ボタンです。'),
  fam('cardigans', 'omi-linen', 'リネン ロングカーディガン', 15800, 'ベージュ,チャコール', '膝まで届くロング丈のリネンカーディガン。羽織るだけで装いがまとまります。'),
  // バッグ
  fam('tote', 'toyooka-kaban', '帆布 トートバッグ M', 8800, '生成り,ネイビー,ブラック', '倉敷帆布の8号を使ったトートバッグ。A4書類が入る使いやすいサイズです。'),
  fam('tote', 'toyooka-kaban', '帆布 トートバッグ L', 11800, '生成り,ネイビー,オリーブ', '一泊旅行にも使える大きめのトート。内ポケットが三つ付いています。'),
  fam('tote', 'himeji-leather', '姫路レザー トートバッグ', 32800, 'ブラック,キャメル,ダークブラウン', 'しっとりとした国産牛革を使った、自立するレザートート。13インチのPCも入ります。'),
  fam('tote', 'toyooka-kaban', '撥水ナイロン 折りたたみトート', 4800, 'ブラック,ネイビー,ベージュ,カーキ', '手のひらサイズに畳めるエコバッグ。撥水加工で雨の日も安心です。'),
  fam('shoulder', 'toyooka-kaban', '豊岡鞄 2wayショルダーバッグ', 19800, 'ブラック,グレー', 'ショルダーとクラッチの二通りで使える、軽量ナイロンのバッグ。'),
  fam('shoulder', 'himeji-leather', '姫路レザー ミニショルダー', 22800, 'ブラック,キャメル,グリーン', 'スマートフォンと財布が入るちょうど良いサイズ。ストラップは長さを調節できます。'),
  fam('shoulder', 'toyooka-kaban', 'コットン サコッシュ', 3800, '生成り,ブラック,ネイビー', '散歩や旅先で便利な、薄くて軽いコットンキャンバスのサコッシュ。'),
  fam('backpacks', 'toyooka-kaban', '豊岡鞄 デイパック 20L', 24800, 'ブラック,ネイビー', '通勤にも週末にも使える20Lのデイパック。背面にPCスリーブ付きです。'),
  fam('backpacks', 'toyooka-kaban', '帆布 ロールトップ リュック', 17800, '生成り,カーキ,ブラック', '荷物の量に合わせて容量を変えられるロールトップ。パラフィン加工の帆布です。'),
  fam('backpacks', 'himeji-leather', 'レザー フラップリュック', 48000, 'ブラック,ダークブラウン', '使い込むほどに艶の出る牛革のリュック。職人がひとつずつ縫い上げます。'),
  fam('wallets', 'himeji-leather', '姫路レザー 二つ折り財布', 16800, 'ブラック,キャメル,ネイビー', 'お札を折らずに収められる、薄型の二つ折り財布。カードは8枚入ります。'),
  fam('wallets', 'himeji-leather', '姫路レザー カードケース', 6800, 'ブラック,キャメル,レッド,グリーン', '名刺入れとしても使えるマチ付きのカードケース。'),
  fam('wallets', 'himeji-leather', 'レザー キーケース', 7800, 'ブラック,キャメル', '鍵を4本まで収納できるキーケース。スマートキー用のポケット付きです。'),
  fam('wallets', 'himeji-leather', 'ヌメ革 コインケース', 4800, 'ナチュラル,ブラック', '植物タンニンでなめしたヌメ革の小銭入れ。経年変化をお楽しみください。'),
  // シューズ
  fam('sneakers', 'kurume-shoes', '久留米 キャンバス ローカットスニーカー', 7800, 'ホワイト,ブラック,ネイビー,レッド', '加硫製法で焼き上げたゴム底のスニーカー。丈夫で、長く履けます。'),
  fam('sneakers', 'kurume-shoes', '久留米 キャンバス ハイカットスニーカー', 8800, 'ホワイト,ブラック', 'くるぶしまで包むハイカット。ソールの屈曲性が良く歩きやすい一足です。'),
  fam('sneakers', 'asakusa-kutsu', 'レザー ローカットスニーカー', 19800, 'ホワイト,ブラック', '浅草の職人が仕立てた、きれいめにも合うシンプルなレザースニーカー。'),
  fam('sneakers', 'kurume-shoes', 'キャンバス スリッポン', 6800, 'ホワイト,ブラック,ベージュ', '紐なしで脱ぎ履きしやすいスリッポン。中敷きはクッション性のある素材です。'),
  fam('leather-shoes', 'asakusa-kutsu', '浅草 コインローファー', 29800, 'ブラック,ダークブラウン', 'グッドイヤーウェルト製法のローファー。ソールの張り替えができ、長くお履きいただけます。'),
  fam('leather-shoes', 'asakusa-kutsu', 'プレーントゥ ダービーシューズ', 32800, 'ブラック,ブラウン', '外羽根式で甲の高い方にも合わせやすい、飾りのないプレーントゥ。'),
  fam('leather-shoes', 'asakusa-kutsu', 'サイドゴアブーツ', 38800, 'ブラック,ダークブラウン', '脱ぎ履きしやすいサイドゴア。雨に強いラバーソールを採用しています。'),
  fam('leather-shoes', 'asakusa-kutsu', 'レザー バレエシューズ', 16800, 'ブラック,ベージュ,シルバー', 'やわらかな羊革で足あたりの良いバレエシューズ。'),
  fam('sandals', 'kobe-sandal', 'レザー トングサンダル', 12800, 'ブラック,ブラウン', '鼻緒部分まで本革で仕立てた、素足に心地よいトングサンダル。'),
  fam('sandals', 'kobe-sandal', 'スポーツサンダル', 8800, 'ブラック,ベージュ,カーキ', '面ファスナーでフィット感を調整できる、軽量ソールのスポーツサンダル。'),
  fam('sandals', 'kobe-sandal', 'ウッドソール サンダル', 9800, 'ナチュラル,ブラック', '下駄の技術を取り入れた木製ソール。歩くたびに軽やかな音がします。'),
  // アクセサリー
  fam('hats', 'kasane-boshi', 'リネン バケットハット', 6800, 'ベージュ,ネイビー,ブラック', '洗いをかけたリネンのバケットハット。内側のテープでサイズを調整できます。'),
  fam('hats', 'kasane-boshi', '麦わら 中折れハット', 9800, 'ナチュラル,ブラック', '天然素材の麦わらを編み上げた中折れハット。夏の日差しをやわらげます。'),
  fam('hats', 'kasane-boshi', 'ウール ベレー帽', 5800, 'ブラック,ネイビー,キャメル,ボルドー', 'フェルト加工したウールのベレー帽。かぶり方で表情が変わります。'),
  fam('hats', 'kasane-boshi', 'コットン ベースボールキャップ', 4800, 'ネイビー,ベージュ,ブラック', '浅めのかぶりで、すっきりと見えるコットンツイルのキャップ。'),
  fam('stoles', 'tango-kinuya', '丹後ちりめん シルク ストール', 14800, '藍,桜,若草', '丹後ちりめんの絹を使ったストール。シボのある生地がふんわりと首元を包みます。'),
  fam('stoles', 'tango-kinuya', 'カシミヤ マフラー', 19800, 'グレー,キャメル,ネイビー', 'カシミヤ100%の上質なマフラー。軽く、驚くほど暖かい一枚です。'),
  fam('stoles', 'omi-linen', 'リネン ガーゼストール', 6800, 'オフホワイト,ブルー,イエロー', '二重ガーゼのリネンストール。春夏の日よけや冷房対策に。'),
  fam('stoles', 'tango-kinuya', 'ウール チェック ストール', 9800, 'グレー,レッド', '大判で肩掛けにも使える、タータンチェックのウールストール。'),
  fam('jewelry', 'koshu-jewel', 'K10 一粒ダイヤ ネックレス', 19800, 'イエローゴールド,ピンクゴールド', '0.05カラットの一粒ダイヤモンドを留めた、華奢なK10ネックレス。'),
  fam('jewelry', 'koshu-jewel', 'シルバー925 ツイストリング', 8800, '9号,11号,13号', 'ゆるやかにねじった、重ね付けしやすいシルバーリング。'),
  fam('jewelry', 'koshu-jewel', '淡水パール ピアス', 9800, 'ホワイト,ピンク', '自然な形の淡水パールを使った一粒ピアス。金具はK14ゴールドフィルドです。'),
  fam('jewelry', 'koshu-jewel', '真鍮 バングル', 6800, 'ゴールド,シルバー', '職人が手打ちで模様を入れた真鍮のバングル。'),
  fam('socks', 'nara-kutsushita', 'コットン リブソックス', 1200, 'ホワイト,グレー,ネイビー,ブラック', 'ゆっくり編んだ、ゴムの締め付けがやさしいリブソックス。'),
  fam('socks', 'nara-kutsushita', 'ウール パイルソックス', 1800, 'オートミール,チャコール,ボルドー', '足裏がパイル編みになった、冬用の暖かいウールソックス。'),
  fam('socks', 'nara-kutsushita', 'シルク 5本指ソックス', 1600, 'ベージュ,ブラック', '内側にシルクを使った5本指ソックス。蒸れにくく快適です。'),
  fam('socks', 'nara-kutsushita', 'ローゲージ ざっくりソックス', 1500, 'オフホワイト,ネイビー', '手編みのような風合いのローゲージソックス。ルームソックスにも。'),
  // キッチン・食器
  fam('tableware', 'arita-kinzan', '有田焼 染付 取り皿 15cm', 2400, '唐草,花詰,菊', '職人が一枚ずつ絵付けした染付の取り皿。食洗機にも対応しています。'),
  fam('tableware', 'mino-toki', '美濃焼 カフェボウル', 1800, '白,黒,飴,灰釉', 'サラダやシリアルにちょうど良い、深さのあるボウル。電子レンジ可。'),
  fam('tableware', 'mino-toki', '美濃焼 オーバルプレート 24cm', 2800, '白,織部,黒', 'パスタやカレーに使いやすい楕円形の大皿。'),
  fam('tableware', 'arita-kinzan', '有田焼 飯碗', 2600, '藍,朱,墨', '手になじむ大きさの飯碗。薄手で軽く、毎日使いやすい器です。'),
  fam('tableware', 'yamanaka-kiya', '山中漆器 拭き漆 汁椀', 3800, '溜,黒', '欅の木地に拭き漆を重ねた汁椀。熱い汁物でも手に熱が伝わりにくい器です。'),
  fam('cups', 'arita-kinzan', '有田焼 マグカップ', 3200, '藍,白磁,青磁', '手になじむ持ち手と、口当たりの良い薄さにこだわったマグカップ。'),
  fam('cups', 'arita-kinzan', '有田焼 そばちょこ', 1800, '唐草,十草,花詰', '蕎麦猪口としてはもちろん、小鉢やフリーカップとしても使える万能の器。'),
  fam('cups', 'mino-toki', '美濃焼 湯呑み', 1800, '白,黒,灰釉', '煎茶がおいしく見える、内側を白く仕上げた湯呑み。'),
  fam('cups', 'kujukuri-glass', '宙吹き タンブラー', 2800, 'クリア,アンバー,グリーン', '職人が宙吹きで形づくる手づくりのタンブラー。'),
  fam('cups', 'kujukuri-glass', '耐熱ガラス ティーカップ', 2200, 'クリア', 'お茶の色を楽しめる耐熱ガラスのカップ。熱湯を注いでも安心です。'),
  fam('cups', 'kujukuri-glass', '冷酒グラス', 3400, 'クリア,藍', '口縁を薄く仕上げた冷酒グラス。冷たいお茶にも。'),
  fam('cookware', 'tsubame-kanamono', '燕三条 ステンレス 片手鍋', 6800, '18cm,20cm:7800', '三層構造で熱まわりの良い片手鍋。IHを含むすべての熱源に対応しています。'),
  fam('cookware', 'nambu-morioka', '南部鉄器 鉄瓶', 18800, '0.8L,1.2L:22800', '鉄瓶で沸かしたお湯はまろやかな味わいに。鉄分補給にも役立ちます。'),
  fam('cookware', 'nambu-morioka', '南部鉄器 スキレット', 4800, '16cm,20cm:6800', '蓄熱性の高い鉄のスキレット。そのまま食卓に出せます。'),
  fam('cookware', 'tsubame-kanamono', '燕三条 キッチンバサミ', 3800, 'シルバー', '分解して洗える衛生的なキッチンバサミ。'),
  fam('cookware', 'tsubame-kanamono', '燕三条 ペティナイフ', 7800, '12cm,15cm:8800', '錆びにくいモリブデン鋼のペティナイフ。果物や薬味の下ごしらえに。'),
  fam('cookware', 'yamanaka-kiya', '山桜 カッティングボード', 4200, 'S,M:5800', '刃あたりのやさしい山桜のまな板。パンやチーズをのせてそのまま食卓へ。'),
  // 食品・飲料（軽減税率 8 %）
  fam('green-tea', 'marumatsu-en', '静岡県産 深蒸し煎茶', 1200, '100g,200g:2200', '牧之原台地の一番茶を深蒸しに。濃い緑色と、まろやかな甘みが特長です。', 8),
  fam('green-tea', 'marumatsu-en', '深蒸し煎茶 ティーバッグ', 980, '20包,50包:2200', '急須がなくてもおいしく淹れられる、三角ティーバッグの深蒸し煎茶。', 8),
  fam('green-tea', 'uji-kaneyoshi', '宇治抹茶 薄茶用', 2800, '30g缶,100g袋:7800', '石臼でゆっくり挽いた宇治抹茶。お点前にも、お菓子づくりにも。', 8),
  fam('green-tea', 'uji-kaneyoshi', '宇治 玉露', 3200, '50g,100g:5800', '覆い下で育てた茶葉の、うまみの濃い玉露。低めの温度でじっくりと。', 8),
  fam('green-tea', 'uji-kaneyoshi', '香ばし ほうじ茶', 800, '100g,200g:1480', '強火で焙じた香ばしいほうじ茶。カフェインが少なく、夜にもおすすめです。', 8),
  fam('green-tea', 'marumatsu-en', '玄米茶', 680, '200g', '香ばしく炒った国産玄米と煎茶を合わせました。', 8),
  fam('black-tea', 'marumatsu-en', '静岡 和紅茶', 1400, '50g,ティーバッグ10包:980', '渋みが少なく、ほんのり甘い国産の紅茶。ストレートでどうぞ。', 8),
  fam('black-tea', 'marumatsu-en', '和ハーブティー ゆず＆レモングラス', 1200, '10包', '国産ゆずの皮とレモングラスを合わせた、ノンカフェインのハーブティー。', 8),
  fam('black-tea', 'uji-kaneyoshi', '宇治 ほうじ茶ラテの素', 1300, '150g', '牛乳に溶かすだけで、香ばしいほうじ茶ラテができあがります。', 8),
  fam('black-tea', 'uji-kaneyoshi', '和紅茶 ティーバッグ アソート', 1600, '12包,24包:3000', '産地の異なる三種の和紅茶を飲み比べられるアソートです。', 8),
  fam('coffee', 'mori-coffee', 'スペシャルティコーヒー 森のブレンド', 1600, '200g 豆のまま,200g 中挽き', '中深煎りのバランスの良いブレンド。チョコレートのような甘い余韻です。', 8),
  fam('coffee', 'mori-coffee', 'エチオピア イルガチェフェ', 1900, '200g 豆のまま,200g 中挽き', '華やかな香りと柑橘のような酸味が楽しめる浅煎りのシングルオリジン。', 8),
  fam('coffee', 'mori-coffee', '深煎り 喫茶店ブレンド', 1500, '200g 豆のまま,200g 中挽き', '昔ながらの喫茶店を思わせる、苦みとコクのある深煎り。', 8),
  fam('coffee', 'mori-coffee', 'ドリップバッグ 詰め合わせ', 1800, '10袋,20袋:3400', '三種のブレンドを詰め合わせた、お湯を注ぐだけのドリップバッグ。', 8),
  fam('coffee', 'mori-coffee', 'カフェインレス コロンビア', 1800, '200g 豆のまま,200g 中挽き', 'カフェインを99.9%除去したコロンビア。夜のひとときにも。', 8),
  fam('sweets', 'kyogashi-tsurunoya', '抹茶 わらび餅', 1800, '6個入,12個入:3400', '宇治抹茶をたっぷり練り込んだ、とろけるような食感のわらび餅。', 8),
  fam('sweets', 'kyogashi-tsurunoya', '栗どら焼き', 1600, '5個入,10個入:3000', '丹波栗の甘露煮を、しっとりした生地と粒あんで包みました。', 8),
  fam('sweets', 'kyogashi-tsurunoya', '和三盆 干菓子', 1400, '18粒入', '口に入れるとすっと溶ける、上品な甘さの和三盆。', 8),
  fam('sweets', 'kyogashi-tsurunoya', '黒豆きんつば', 1500, '6個入', '丹波黒豆を寒天で寄せて、薄衣で焼き上げたきんつば。', 8),
  fam('sweets', 'kyogashi-tsurunoya', '季節の羊羹 詰め合わせ', 2800, '3本入,5本入:4500', '小倉・抹茶・季節の味を詰め合わせた、ひと口サイズの羊羹。', 8),
  fam('sweets', 'kyogashi-tsurunoya', 'ほうじ茶 フィナンシェ', 2200, '6個入,12個入:4000', '香ばしいほうじ茶と焦がしバターのフィナンシェ。', 8),
  fam('seasoning', 'shodoshima-yamakita', '小豆島 木桶仕込み 濃口醤油', 980, '500ml,1L:1680', '百年を超える木桶で二年熟成させた、香り高い濃口醤油。', 8),
  fam('seasoning', 'shodoshima-yamakita', '再仕込み醤油', 1200, '500ml', '醤油で醤油を仕込む、濃厚でまろやかな味わい。お刺身に。', 8),
  fam('seasoning', 'shodoshima-yamakita', '柚子ぽん酢', 880, '360ml', '高知県産ゆずの果汁をたっぷり使った、香り豊かなぽん酢。', 8),
  fam('seasoning', 'shodoshima-yamakita', '国産 白だし', 760, '500ml', '鰹節と昆布の旨みを閉じ込めた白だし。煮物や茶碗蒸しに。', 8),
  fam('seasoning', 'shodoshima-yamakita', '瀬戸内の藻塩', 680, '100g,300g:1480', '瀬戸内の海水と海藻から作った、まろやかな旨みの藻塩。', 8),
  // 本みりんは酒類のため軽減税率の対象外（10 %）。
  fam('seasoning', 'shodoshima-yamakita', '三年熟成 本みりん', 1400, '500ml,1L:2500', 'もち米と米麹を焼酎で仕込み、三年熟成させた本みりん。酒類のため標準税率です。', 10),
];

/** Items sold only on the outlet channel (B品・旧モデル): the first variant of the named family at half price. */
export const outletOnly: { family: string; label: string }[] = [
  { family: 'オーガニックコットン クルーネックTシャツ', label: 'B品' },
  { family: '播州織 ギンガムチェック シャツ', label: '旧モデル' },
  { family: 'リネン混 ワイドパンツ', label: 'B品' },
  { family: '14oz セルビッジデニム ストレートジーンズ', label: '旧モデル' },
  { family: 'ウールメルトン ステンカラーコート', label: '旧モデル' },
  { family: '帆布 トートバッグ M', label: 'B品' },
  { family: '久留米 キャンバス ローカットスニーカー', label: 'B品' },
  { family: 'キャンバス スリッポン', label: '旧モデル' },
  { family: 'リネン バケットハット', label: 'B品' },
  { family: 'ローゲージ ざっくりソックス', label: 'B品' },
  { family: '山中漆器 拭き漆 汁椀', label: 'B品' },
  { family: '燕三条 ステンレス 片手鍋', label: '旧モデル' },
];

/** Colours no longer sold: in the database (old orders refer to them) but not published. */
export const discontinued: { family: string; label: string }[] = [
  { family: 'ボーダー ボートネックカットソー', label: 'イエロー×ホワイト' },
  { family: '撥水ナイロン 折りたたみトート', label: 'レッド' },
];

/** Swatch colour of each colour (or pattern) a variant label can name; other labels are sizes or amounts. */
/**
 * Families that take 名入れ刺繍 (products.embroiderable): the shirts and canvas totes a gift shop
 * stitches a name on. Every variant of the family can be embroidered; outlet B品 cannot.
 */
export const embroiderableFamilies: ReadonlySet<string> = new Set([
  'オックスフォード ボタンダウンシャツ', 'リネン バンドカラーシャツ', '帆布 トートバッグ M', '帆布 トートバッグ L',
]);

export const colorCodes: Record<string, string> = {
  ホワイト: '#f7f7f5', ブラック: '#1f1f1f', ネイビー: '#1f2a44', グレー: '#8a8d91', オフホワイト: '#f2efe6', 杢グレー: '#a3a3a0',
  'ネイビー×ホワイト': '#1f2a44', 'ブラック×エクリュ': '#1f1f1f', 'レッド×ホワイト': '#b3262e', 'イエロー×ホワイト': '#e8c547',
  ライトブルー: '#a9c8e6', モカ: '#8b6f5a', エクリュ: '#ece4d0', チャコール: '#3f4144', オリーブ: '#6b6b3a', オートミール: '#d8cbb0',
  ブラウン: '#6b4a2f', グリーン: '#3c6e47', サックス: '#8fb4d9', ブルー: '#3d6fb6', ピンク: '#e8a7b8', ベージュ: '#d9c6a5',
  ライトインディゴ: '#6d8bb3', キャメル: '#b5834a', ボルドー: '#6d1f2f', アイボリー: '#f4efdc', ダークグリーン: '#264d36',
  ミント: '#a8d8c3', ラベンダー: '#b9a7d6', セージ: '#a3b09a', スモークブルー: '#7b8fa6', カーキ: '#7d7452', グレージュ: '#b3aa9c',
  ワンウォッシュ: '#26365c', ユーズド: '#6f88aa', インディゴ: '#2b3a67', テラコッタ: '#c0613f', モスグリーン: '#5f6b3b',
  生成り: '#efe8d6', ダークブラウン: '#47301f', レッド: '#c0303a', ナチュラル: '#dcc9a3', シルバー: '#c0c3c7', 藍: '#24406e',
  桜: '#f2c6cf', 若草: '#a8c86a', イエロー: '#e8c547', イエローゴールド: '#d4af37', ピンクゴールド: '#e0b0a0', ゴールド: '#c9a43a',
  唐草: '#2d4f8a', 花詰: '#3a5a9b', 菊: '#4a66a0', 白: '#f5f5f2', 黒: '#222222', 飴: '#9a5b22', 灰釉: '#a9a28f', 織部: '#3e6b4a',
  朱: '#c4452b', 墨: '#33302c', 溜: '#6e2a1c', 白磁: '#f4f4ef', 青磁: '#9fc1b0', 十草: '#2f4d80', クリア: '#e8f1f5', アンバー: '#c98a2b',
};

/** Clothes come in S–XL, shoes in 22.5–27.0 cm: each colour × size is a product of its own. */
export const clothesSizes = ['S', 'M', 'L', 'XL'];
export const shoeSizes = ['22.5', '23.0', '23.5', '24.0', '24.5', '25.0', '25.5', '26.0', '26.5', '27.0'].map((s) => `${s}cm`);
export const clothesLeaves = new Set(['tshirts', 'shirts', 'knit', 'sweat', 'pants', 'denim', 'skirts', 'coats', 'jackets', 'cardigans']);
export const shoeLeaves = new Set(['sneakers', 'leather-shoes', 'sandals']);

/** Reviewers' nicknames (no real names). */
export const reviewNicknames = [
  'さくらもち', 'みどり', 'コーヒー好き', 'たろう', 'ゆき', '週末キャンパー', 'はなこ', '北の住人', 'ぽんず', 'ねこ店長',
  'mika', 'K.S', 'あおい', '三児の母', 'しまうま', '通勤族', '山歩き', 'もも', 'おかか', 'りんご',
];

interface ReviewText { title: string; body: string }
/** Review texts by top category and by how the reviewer rated it (5/4, 3, 2/1). */
export const reviewTexts: Record<string, { good: ReviewText[]; mid: ReviewText[]; bad: ReviewText[] }> = {
  clothes: {
    good: [
      { title: '着心地が良いです', body: '生地がしっかりしていて、洗濯しても型崩れしませんでした。色違いも欲しくなりました。' },
      { title: 'サイズ感ぴったり', body: '普段と同じサイズで丁度良かったです。縫製も丁寧で、長く着られそうです。' },
      { title: 'リピートしました', body: '一枚目が気に入ったので二枚目を購入。肌ざわりがやさしく、毎日のように着ています。' },
    ],
    mid: [{ title: '少し大きめ', body: '品質は良いのですが、思っていたより大きめでした。ワンサイズ下でも良かったかもしれません。' }],
    bad: [{ title: '色味が想像と違いました', body: '画面で見たより少し暗い色でした。生地は悪くないので、色はよく確認した方が良いと思います。' }],
  },
  shoes: {
    good: [
      { title: '歩きやすい', body: '一日歩いても疲れにくく、靴擦れもしませんでした。買ってよかったです。' },
      { title: '作りがしっかり', body: '縫製がきれいで、ソールもしっかりしています。手入れしながら長く履きたいです。' },
    ],
    mid: [{ title: '最初は少し硬め', body: '履きはじめは少し硬く感じましたが、一週間ほどで足になじんできました。' }],
    bad: [{ title: 'サイズ選びが難しい', body: 'いつものサイズだと少しきつかったです。足幅が広い方は半サイズ上がおすすめです。' }],
  },
  goods: {
    good: [
      { title: '丁寧な作りです', body: '実物は写真よりも質感が良く、細部まで丁寧に作られていました。大切に使います。' },
      { title: '毎日使っています', body: '使い勝手が良く、すっかり手放せなくなりました。贈り物にも良さそうです。' },
    ],
    mid: [{ title: '思ったより小ぶり', body: '品質には満足ですが、想像していたより少し小さめでした。サイズ表記をよく見ればよかったです。' }],
    bad: [{ title: '好みが分かれそう', body: '個体差なのか、少し表情にむらがありました。手仕事の味と思えば気になりません。' }],
  },
  food: {
    good: [
      { title: 'とてもおいしい', body: '香りが良く、家族にも好評でした。なくなったらまた注文します。' },
      { title: '贈り物にしました', body: '両親に贈ったところ、とても喜んでくれました。上品な味わいです。' },
    ],
    mid: [{ title: '好みの問題ですが', body: 'おいしいのですが、自分には少し味が濃く感じました。量はちょうど良いです。' }],
    bad: [{ title: '期待しすぎたかも', body: '評判を見て期待していましたが、思ったほど香りが強くありませんでした。' }],
  },
};

/**
 * Accessories offered with a product (product_accessories; the cart adds them as lines of their own):
 * every published variant of the family on the left gets the first variant of each family on the right.
 */
export const accessoryPairs: Array<{ family: string; accessories: string[] }> = [
  { family: '久留米 キャンバス ローカットスニーカー', accessories: ['コットン リブソックス', 'シルク 5本指ソックス'] },
  { family: '久留米 キャンバス ハイカットスニーカー', accessories: ['コットン リブソックス', 'ウール パイルソックス'] },
  { family: '浅草 コインローファー', accessories: ['コットン リブソックス', 'シルク 5本指ソックス'] },
  { family: '燕三条 ペティナイフ', accessories: ['山桜 カッティングボード'] },
  { family: '南部鉄器 鉄瓶', accessories: ['美濃焼 湯呑み', '有田焼 そばちょこ'] },
  { family: '姫路レザー 二つ折り財布', accessories: ['姫路レザー カードケース', 'レザー キーケース'] },
];
