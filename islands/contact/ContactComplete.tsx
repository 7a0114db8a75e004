/**
 * /contact/complete/: the thank-you with the inquiry number. The entered values are dropped here;
 * opened without a sent inquiry (or reloaded afterwards) it goes back to /contact/.
 */

import Loading from '../common/Loading.tsx';
import { useEffect, useState } from '../common/react.ts';
import { CONTACT_PATHS, clearDraft, readDraft } from './flow.ts';

export default function ContactComplete() {
  const [number, setNumber] = useState<string | null>(null);
  useEffect(() => {
    const d = readDraft();
    if (!d?.number) {
      window.location.replace(CONTACT_PATHS.form);
      return;
    }
    setNumber(d.number);
    clearDraft();
  }, []);
  if (!number) return <Loading />;
  return (
    <div className="stack complete" role="status">
      <p>お問い合わせいただき、誠にありがとうございます。</p>
      <p>
        お問い合わせ番号：<strong className="inquiry-number">{number}</strong>
      </p>
      <p>ご入力のメールアドレスに受付確認のメールをお送りしました。担当者より順次ご連絡いたしますので、今しばらくお待ちください。</p>
      <p>数日経っても返信がない場合は、お手数ですがお問い合わせ番号を添えて再度ご連絡ください。</p>
      <p>
        <a href="/">トップページへ戻る</a>
      </p>
    </div>
  );
}
