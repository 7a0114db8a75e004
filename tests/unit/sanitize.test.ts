/** content-sync sanitises every CMS body to the allow-list before any page renders it. */
import { describe, expect, it } from 'vitest';
import { sanitizeBody } from '../../content-sync/sanitize.ts';

describe('sanitizeBody keeps what editors may use', () => {
  it('keeps paragraphs, headings h2-h4, lists, emphasis and line breaks', () => {
    const html =
      '<h2>見出し</h2><h3>小見出し</h3><h4>項目</h4><p>本文<strong>強調</strong><em>斜体</em><br>改行</p><ul><li>一</li></ul><ol><li>二</li></ol>';
    expect(sanitizeBody(html)).toBe(html.replace('<br>', '<br />'));
  });

  it('keeps description lists without attributes (the seeded legal pages use them)', () => {
    expect(sanitizeBody('<dl class="x"><dt>販売業者</dt><dd style="color:red">株式会社キヨラ</dd></dl>')).toBe(
      '<dl><dt>販売業者</dt><dd>株式会社キヨラ</dd></dl>',
    );
  });

  it('keeps links with http(s), mailto, tel and relative hrefs', () => {
    for (const href of ['https://example.jp/a', 'http://example.jp', 'mailto:info@example.jp', 'tel:0312345678', '/law/', 'guide/']) {
      expect(sanitizeBody(`<a href="${href}">リンク</a>`)).toBe(`<a href="${href}">リンク</a>`);
    }
  });

  it('keeps images with src and alt only', () => {
    expect(sanitizeBody('<img src="/images/a.jpg" alt="商品" width="10" class="x">')).toBe('<img src="/images/a.jpg" alt="商品" />');
  });

  it('keeps table parts (the 特定商取引法 page is a table)', () => {
    const html =
      '<table><caption>表記</caption><thead><tr><th>項目</th></tr></thead><tbody><tr><td colspan="2">内容</td></tr></tbody><tfoot><tr><td>注</td></tr></tfoot></table>';
    expect(sanitizeBody(html)).toBe(html);
  });
});

describe('sanitizeBody removes anything that can run or restyle', () => {
  it('drops script and style elements with their content', () => {
    expect(sanitizeBody('<p>a</p><script>alert(1)</script><style>p{color:red}</style><p>b</p>')).toBe('<p>a</p><p>b</p>');
  });

  it('drops on* handlers and style/class/id attributes', () => {
    expect(sanitizeBody('<p onclick="x()" style="color:red" class="c" id="i">t</p>')).toBe('<p>t</p>');
    expect(sanitizeBody('<img src="/a.png" alt="" onerror="alert(1)">')).toBe('<img src="/a.png" alt="" />');
  });

  it('drops javascript:, data: and vbscript: URLs', () => {
    expect(sanitizeBody('<a href="javascript:alert(1)">x</a>')).toBe('<a>x</a>');
    expect(sanitizeBody('<a href=" JaVaScRiPt:alert(1)">x</a>')).toBe('<a>x</a>');
    expect(sanitizeBody('<a href="vbscript:msgbox">x</a>')).toBe('<a>x</a>');
    expect(sanitizeBody('<img src="data:image/svg+xml;base64,PHN2Zz4=" alt="">')).toBe('<img alt="" />');
    expect(sanitizeBody('<img src="javascript:alert(1)" alt="">')).toBe('<img alt="" />');
  });

  it('drops protocol-relative URLs', () => {
    expect(sanitizeBody('<a href="//evil.example/x">x</a>')).toBe('<a>x</a>');
  });

  it('unwraps tags outside the allow-list but keeps their text', () => {
    expect(sanitizeBody('<div><span>残る</span></div><h1>大見出し</h1>')).toBe('残る大見出し');
  });

  it('drops iframes, objects, forms and their content', () => {
    expect(sanitizeBody('<iframe src="https://x"></iframe><object data="x">o</object><form><input name="a"></form><p>t</p>')).toBe(
      '<p>t</p>',
    );
  });

  it('escapes text so markup hidden in attributes cannot break out', () => {
    expect(sanitizeBody('<img src="/a.png" alt="&quot;><script>alert(1)</script>">')).not.toContain('<script');
  });
});
