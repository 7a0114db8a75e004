/**
 * The school theme: a school-uniform shop (制服・体操服・指定用品) on its own channel. Its own header,
 * footer and every shopper-facing screen (home, product list and detail, cart, news, blog, maker,
 * brand), its own tokens, and the stricter form rules: a uniform order is registered under the
 * student's name as the school lists it (full-width name, katakana reading) and a family account
 * holds a child's school records, so the strong password too. Checkout, my page, the static, error
 * and maintenance screens are the default theme's; the loader is its own (spinner 0002).
 */
import type { ThemeManifest } from '../theme-manifest.ts';

const theme: ThemeManifest = {
  name: 'school',
  tokens: 'themes/school/tokens.css',
  rules: { strictPassword: true, fullWidthNames: true, kanaKatakana: true },
  // Its own loader: three bouncing dots, a little larger; no pointer follower (a plain school shop).
  loader: { spinner: '0002', size: 24 },
  slots: {
    Header: 'themes/school/Header.astro',
    Footer: 'themes/school/Footer.astro',
    Home: 'themes/school/screens/Home.astro',
    ProductList: 'themes/school/screens/ProductList.astro',
    ProductDetail: 'themes/school/screens/ProductDetail.astro',
    Cart: 'themes/school/screens/Cart.astro',
    NewsList: 'themes/school/screens/NewsList.astro',
    NewsDetail: 'themes/school/screens/NewsDetail.astro',
    BlogList: 'themes/school/screens/BlogList.astro',
    BlogDetail: 'themes/school/screens/BlogDetail.astro',
    MakerList: 'themes/school/screens/MakerList.astro',
    MakerDetail: 'themes/school/screens/MakerDetail.astro',
    BrandList: 'themes/school/screens/BrandList.astro',
  },
};
export default theme;
