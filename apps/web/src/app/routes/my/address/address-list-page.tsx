import { Button } from 'antd-mobile';
import { AddOutline, EnvironmentOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { EmptyState } from '../../../../components/ui/empty-state';
import { confirm, showToast } from '../../../../components/ui/feedback';
import { Page } from '../../../../components/ui/page';
import { Refreshable } from '../../../../components/ui/refreshable';
import { CardSkeletons, LoadError } from '../../../../components/ui/state-views';
import '../../../../features/addresses/addresses.css';
import '../../../../features/addresses/addresses-strings';
import {
  type Address,
  useAddressActions,
  useAddresses,
} from '../../../../features/addresses/api/addresses-api';
import { AddressCard } from '../../../../features/addresses/components/address-card';
import { LoginRequired } from '../../../../features/identity/components/login-required';
import { useIsLoggedIn } from '../../../../features/identity/session';
import * as paths from '../../../../lib/paths';

/** Spec my/address/address: my addresses, default first; edit, make default, delete (after asking). */
export default function AddressListPage() {
  const { t } = useTranslation('addresses');
  const navigate = useNavigate();
  const isLoggedIn = useIsLoggedIn();
  const query = useAddresses(isLoggedIn);
  const { setDefault, remove } = useAddressActions();
  const addresses = query.data ?? [];

  const makeDefault = async (address: Address) => {
    try {
      await setDefault.mutateAsync(address.id);
      showToast(t('list.defaultSet'));
    } catch (error) {
      showToast(error instanceof Error ? error.message : t('common:errors.unknown'));
    }
  };
  const askToDelete = async (address: Address) => {
    if (!(await confirm(t('list.deleteConfirm'), t('list.delete'), t('list.deleteCancel')))) return;
    try {
      await remove.mutateAsync(address.id);
      showToast(t('list.deleted'));
    } catch (error) {
      showToast(error instanceof Error ? error.message : t('common:errors.unknown'));
    }
  };
  const addButton = (
    <Button color="primary" onClick={() => navigate(paths.editAddress.href())}>
      <AddOutline aria-hidden="true" /> {t('list.add')}
    </Button>
  );

  return (
    <Page title={t('list.title')} backTo={paths.my.href()} className="address-page">
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
          action={addButton}
        />
      ) : (
        <>
          <Refreshable onRefresh={() => query.refetch()}>
            <ul className="address-list">
              {addresses.map((address) => (
                <li key={address.id}>
                  <AddressCard
                    address={address}
                    actions={
                      <>
                        <Button
                          size="mini"
                          fill="none"
                          className="address-card__action"
                          onClick={() => navigate(paths.editAddress.href(address.id))}
                        >
                          {t('list.edit')}
                        </Button>
                        {address.isDefault ? null : (
                          <Button
                            size="mini"
                            fill="none"
                            className="address-card__action"
                            loading={setDefault.isPending && setDefault.variables === address.id}
                            onClick={() => void makeDefault(address)}
                          >
                            {t('list.setDefault')}
                          </Button>
                        )}
                        <Button
                          size="mini"
                          fill="none"
                          color="danger"
                          className="address-card__action"
                          onClick={() => void askToDelete(address)}
                        >
                          {t('list.delete')}
                        </Button>
                      </>
                    }
                  />
                </li>
              ))}
            </ul>
          </Refreshable>
          <div className="address-page__footer">{addButton}</div>
        </>
      )}
    </Page>
  );
}
