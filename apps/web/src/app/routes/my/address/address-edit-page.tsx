import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { showToast } from '../../../../components/ui/feedback';
import { Page } from '../../../../components/ui/page';
import { PageLoading } from '../../../../components/ui/page-loading';
import { LoadError, NotFoundBlock } from '../../../../components/ui/state-views';
import '../../../../features/addresses/addresses.css';
import '../../../../features/addresses/addresses-strings';
import { useAddress } from '../../../../features/addresses/api/addresses-api';
import { AddressForm } from '../../../../features/addresses/components/address-form';
import { useAddressFormInitial } from '../../../../features/addresses/use-address-form-initial';
import '../../../../features/identity/identity.css';
import { LoginRequired } from '../../../../features/identity/components/login-required';
import { DEFAULT_AREA_CODE, PhoneField } from '../../../../features/identity/components/phone-field';
import { readStoredUser, useIsLoggedIn } from '../../../../features/identity/session';
import * as paths from '../../../../lib/paths';

const parseId = (raw: string | null) =>
  raw && /^\d{1,9}$/.test(raw) && Number(raw) >= 1 ? Number(raw) : undefined;

/** Spec my/address/Endaddress: add an address (no id) or edit one (?id=). */
export default function AddressEditPage() {
  const { t } = useTranslation('addresses');
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const rawId = params.get('id');
  const id = parseId(rawId);
  const returnTo = params.get('returnTo');
  const isLoggedIn = useIsLoggedIn();
  const query = useAddress(id, isLoggedIn);
  const user = readStoredUser();
  const initial = useAddressFormInitial(id, query.address, {
    areaCode: user?.areaCode || DEFAULT_AREA_CODE,
    phone: user?.phone ?? '',
  });

  const title = id === undefined ? t('form.addTitle') : t('form.editTitle');
  const body = () => {
    if (!isLoggedIn) return <LoginRequired description={t('list.loginDescription')} />;
    if (rawId !== null && id === undefined) return <NotFoundBlock />;
    if (id !== undefined && query.isError)
      return <LoadError error={query.error} onRetry={() => query.refetch()} isRetrying={query.isFetching} />;
    if (id !== undefined && query.isSuccess && !query.address) return <NotFoundBlock />;
    if (!initial) return <PageLoading />;
    return (
      <AddressForm
        key={id ?? 'new'}
        id={id}
        initial={initial}
        phoneField={<PhoneField label={t('fields.phone')} />}
        onSaved={() => {
          showToast(t('form.saved'));
          navigate(paths.isInAppPath(returnTo) ? returnTo : paths.addresses.href(), { replace: true });
        }}
      />
    );
  };

  return (
    <Page
      title={title}
      backTo={paths.isInAppPath(returnTo) ? returnTo : paths.addresses.href()}
      className="address-page"
    >
      {body()}
    </Page>
  );
}
