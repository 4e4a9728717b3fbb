import { COUPON_STATUSES, type CouponStatus } from '@sabai/shared/payments/coupons.schemas';
import { Button, Input, Tabs } from 'antd-mobile';
import { CouponOutline } from 'antd-mobile-icons';
import { type FormEvent, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../../components/ui/empty-state';
import { showToast } from '../../../../components/ui/feedback';
import { Page } from '../../../../components/ui/page';
import { PagedList } from '../../../../components/ui/paged-list';
import { useCouponList, useRedeemCoupon } from '../../../../features/coupons/api/coupons-api';
import { CouponCard } from '../../../../features/coupons/components/coupon-card';
import '../../../../features/coupons/coupons.css';
import '../../../../features/coupons/coupons-strings';
import { LoginRequired } from '../../../../features/identity/components/login-required';
import { useIsLoggedIn } from '../../../../features/identity/session';
import * as paths from '../../../../lib/paths';
import { randomId } from '../../../../lib/storage';

/** Spec my/hongbao/youhuijuan: my coupons by status, and redeeming a code. */
export default function CouponsPage() {
  const { t } = useTranslation('coupons');
  const isLoggedIn = useIsLoggedIn();
  const [status, setStatus] = useState<CouponStatus>('unused');
  return (
    <Page title={t('title')} backTo={paths.my.href()} className="coupons-page">
      {!isLoggedIn ? (
        <LoginRequired description={t('loginDescription')} />
      ) : (
        <>
          <RedeemForm onRedeemed={() => setStatus('unused')} />
          <Tabs activeKey={status} onChange={(key) => setStatus(key as CouponStatus)}>
            {COUPON_STATUSES.map((key) => (
              <Tabs.Tab key={key} title={t(`tabs.${key}`)} />
            ))}
          </Tabs>
          <CouponList key={status} status={status} />
        </>
      )}
    </Page>
  );
}

function CouponList({ status }: { status: CouponStatus }) {
  const { t } = useTranslation('coupons');
  const query = useCouponList(status, true);
  return (
    <PagedList
      query={query}
      itemKey={(coupon) => coupon.id}
      renderItem={(coupon) => (
        <div className="coupon-list__item">
          <CouponCard coupon={coupon} />
        </div>
      )}
      empty={
        <EmptyState
          icon={<CouponOutline />}
          title={t(`empty.${status}`)}
          description={t('empty.description')}
        />
      }
    />
  );
}

/** The redeem-code field: one key per code typed, so a retried tap redeems once. */
function RedeemForm({ onRedeemed }: { onRedeemed: () => void }) {
  const { t } = useTranslation('coupons');
  const [code, setCode] = useState('');
  const redeem = useRedeemCoupon();
  const attempt = useRef({ code: '', key: '' });
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const typed = code.trim();
    if (!typed) return;
    if (attempt.current.code !== typed) attempt.current = { code: typed, key: randomId() };
    try {
      await redeem.mutateAsync({ code: typed, key: attempt.current.key });
      setCode('');
      showToast(t('redeem.done'));
      onRedeemed();
    } catch (error) {
      showToast(error instanceof Error ? error.message : t('common:errors.unknown'));
    }
  };
  return (
    <form className="coupons-page__redeem" onSubmit={(event) => void submit(event)}>
      <Input
        aria-label={t('redeem.label')}
        placeholder={t('redeem.placeholder')}
        value={code}
        onChange={setCode}
        autoComplete="off"
        maxLength={64}
      />
      <Button type="submit" color="primary" loading={redeem.isPending} disabled={!code.trim()}>
        {t('redeem.action')}
      </Button>
    </form>
  );
}
