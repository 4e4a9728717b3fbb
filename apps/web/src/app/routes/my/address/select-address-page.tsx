import { Button } from 'antd-mobile';
import { AddOutline, EnvironmentOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { EmptyState } from '../../../../components/ui/empty-state';
import { Page } from '../../../../components/ui/page';
import { Refreshable } from '../../../../components/ui/refreshable';
import { CardSkeletons, LoadError } from '../../../../components/ui/state-views';
import '../../../../features/addresses/addresses.css';
import '../../../../features/addresses/addresses-strings';
import { useAddresses } from '../../../../features/addresses/api/addresses-api';
import { AddressSummary } from '../../../../features/addresses/components/address-card';
import { LoginRequired } from '../../../../features/identity/components/login-required';
import { useIsLoggedIn } from '../../../../features/identity/session';
import * as paths from '../../../../lib/paths';

/**
 * Spec my/address/selectAddressList?returnTo=: choosing the address while booking. A tap goes back
 * to `returnTo` with `addressId` in its query; "add new" comes back here once saved.
 */
export default function SelectAddressPage() {
  const { t } = useTranslation('addresses');
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const raw = params.get('returnTo');
  // Only a path inside the app: a link must not send the user (and the choice) to another site.
  const returnTo = paths.isInAppPath(raw) ? raw : paths.home.href();
  const isLoggedIn = useIsLoggedIn();
  const query = useAddresses(isLoggedIn);
  const addresses = query.data ?? [];
  const addNew = (
    <Button
      color="primary"
      fill={addresses.length ? 'outline' : 'solid'}
      onClick={() =>
        navigate(paths.editAddress.href(undefined, { returnTo: paths.selectAddress.href({ returnTo }) }))
      }
    >
      <AddOutline aria-hidden="true" /> {t('select.add')}
    </Button>
  );

  return (
    <Page title={t('select.title')} backTo={returnTo} className="address-page">
      {!isLoggedIn ? (
        <LoginRequired description={t('list.loginDescription')} />
      ) : query.isPending ? (
        <CardSkeletons count={3} />
      ) : query.isError ? (
        <LoadError error={query.error} onRetry={() => query.refetch()} isRetrying={query.isFetching} />
      ) : addresses.length === 0 ? (
        <EmptyState
          icon={<EnvironmentOutline />}
          title={t('list.emptyTitle')}
          description={t('list.emptyDescription')}
          action={addNew}
        />
      ) : (
        <>
          <Refreshable onRefresh={() => query.refetch()}>
            <ul className="address-list">
              {addresses.map((address) => (
                <li key={address.id}>
                  <button
                    type="button"
                    className="address-card address-card--choice"
                    aria-label={t('list.cardLabel', { name: address.contactName, detail: address.detail })}
                    onClick={() => navigate(paths.withAddressId(returnTo, address.id), { replace: true })}
                  >
                    <AddressSummary address={address} />
                  </button>
                </li>
              ))}
            </ul>
          </Refreshable>
          <div className="address-page__footer">{addNew}</div>
        </>
      )}
    </Page>
  );
}
