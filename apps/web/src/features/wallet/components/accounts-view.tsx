import { looksLikeCardNumber, normaliseAccountNumber } from '@sabai/shared/payments/withdrawals.schemas';
import { Button, Form, Image, Input, List, Radio, Space } from 'antd-mobile';
import { AddOutline, BankcardOutline } from 'antd-mobile-icons';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { EmptyState } from '../../../components/ui/empty-state';
import { confirm, showToast } from '../../../components/ui/feedback';
import { Refreshable } from '../../../components/ui/refreshable';
import { CardSkeletons, LoadError, NotFoundBlock } from '../../../components/ui/state-views';
import { useCardImage } from '../api/card-image';
import {
  cardImagePath,
  useWithdrawalAccount,
  useWithdrawalAccounts,
  useWithdrawalActions,
  type WithdrawalAccount,
} from '../api/wallet-api';
import '../wallet-strings';

/** Spec my/withdraw/account: my payout accounts, each opening its details. */
export function AccountsView({
  addHref,
  detailHref,
}: {
  addHref: string;
  detailHref: (id: number) => string;
}) {
  const { t } = useTranslation('withdraw');
  const query = useWithdrawalAccounts(true);
  const addButton = (
    <Link to={addHref} className="adm-button adm-button-primary adm-button-block wallet-add-button">
      <AddOutline aria-hidden="true" /> {t('accounts.add')}
    </Link>
  );
  if (query.isPending) return <CardSkeletons count={2} />;
  if (query.isError)
    return <LoadError error={query.error} onRetry={() => query.refetch()} isRetrying={query.isFetching} />;
  if (query.data.length === 0)
    return (
      <EmptyState
        icon={<BankcardOutline />}
        title={t('accounts.emptyTitle')}
        description={t('accounts.emptyDescription')}
        action={addButton}
      />
    );
  return (
    <Refreshable onRefresh={() => query.refetch()}>
      <List>
        {query.data.map((account) => (
          <List.Item
            key={account.id}
            description={`${t(`accounts.method.${account.method}`)} · ${account.payeeName}`}
            extra={t('accounts.ending', { last4: account.accountNumberLast4 })}
            arrowIcon
          >
            <Link to={detailHref(account.id)} className="stretched-action wallet-account-link">
              {account.bankName}
            </Link>
          </List.Item>
        ))}
      </List>
      <div className="wallet-footer">{addButton}</div>
    </Refreshable>
  );
}

type Uploader = (path: string, file: Blob, onProgress: (share: number) => void) => Promise<unknown>;

/** Spec my/withdraw/addAccount: savings accounts (or e-wallets) only; a card number is refused here and by the server. */
export function AddAccountForm({
  onSaved,
  upload,
}: {
  onSaved: (account: WithdrawalAccount) => void;
  upload: Uploader;
}) {
  const { t } = useTranslation('withdraw');
  const [form] = Form.useForm();
  const [method, setMethod] = useState<'bank' | 'eWallet'>('bank');
  const [accountType, setAccountType] = useState<'savings' | 'credit'>('savings');
  const [photo, setPhoto] = useState<File | undefined>();
  const [serverError, setServerError] = useState<string | undefined>();
  const { addAccount } = useWithdrawalActions();

  const save = async (values: { payeeName: string; accountNumber: string; bankName: string }) => {
    setServerError(undefined);
    try {
      const account = await addAccount.mutateAsync({
        method,
        accountType,
        payeeName: values.payeeName,
        accountNumber: normaliseAccountNumber(values.accountNumber),
        bankName: values.bankName,
      });
      if (photo) {
        try {
          await upload(cardImagePath(account.id), photo, () => {});
        } catch (error) {
          showToast(t('add.photoFailed', { message: error instanceof Error ? error.message : '' }));
        }
      }
      showToast(t('add.saved'));
      onSaved(account);
    } catch (error) {
      setServerError(error instanceof Error ? error.message : String(error));
    }
  };

  return (
    <Form
      form={form}
      layout="vertical"
      onFinish={(values) => void save(values)}
      footer={
        <>
          {serverError ? (
            <p className="withdraw-form__error" role="alert">
              {serverError}
            </p>
          ) : null}
          <Button
            block
            type="submit"
            color="primary"
            loading={addAccount.isPending}
            disabled={accountType === 'credit'}
          >
            {t('add.save')}
          </Button>
        </>
      }
    >
      <Form.Item label={t('add.method')}>
        <Radio.Group value={method} onChange={(value) => setMethod(value as 'bank' | 'eWallet')}>
          <Space>
            <Radio value="bank">{t('accounts.method.bank')}</Radio>
            <Radio value="eWallet">{t('accounts.method.eWallet')}</Radio>
          </Space>
        </Radio.Group>
      </Form.Item>
      <Form.Item label={t('add.accountType')} help={t('add.savingsOnly')}>
        <Radio.Group value={accountType} onChange={(value) => setAccountType(value as 'savings' | 'credit')}>
          <Space>
            <Radio value="savings">{t('add.savings')}</Radio>
            <Radio value="credit">{t('add.credit')}</Radio>
          </Space>
        </Radio.Group>
        {accountType === 'credit' ? (
          <p className="withdraw-form__error" role="alert">
            {t('add.creditRefused')}
          </p>
        ) : null}
      </Form.Item>
      <Form.Item
        name="payeeName"
        label={t('add.payeeName')}
        rules={[{ required: true, whitespace: true, message: t('add.required') }]}
      >
        <Input placeholder={t('add.payeePlaceholder')} autoComplete="name" maxLength={100} />
      </Form.Item>
      <Form.Item
        name="accountNumber"
        label={t('add.accountNumber')}
        rules={[
          { required: true, message: t('add.required') },
          {
            validator: async (_rule, value: string | undefined) => {
              const number = normaliseAccountNumber(value ?? '');
              if (number && !/^[A-Za-z0-9]{4,34}$/.test(number)) throw new Error(t('add.numberFormat'));
              if (looksLikeCardNumber(number)) throw new Error(t('add.looksLikeCard'));
            },
          },
        ]}
      >
        <Input
          placeholder={t('add.accountNumberPlaceholder')}
          inputMode="numeric"
          autoComplete="off"
          maxLength={40}
        />
      </Form.Item>
      <Form.Item
        name="bankName"
        label={method === 'bank' ? t('add.bankName') : t('add.walletName')}
        rules={[{ required: true, whitespace: true, message: t('add.required') }]}
      >
        <Input placeholder={t('add.bankPlaceholder')} maxLength={100} />
      </Form.Item>
      <Form.Item label={t('add.cardImage')}>
        <input
          type="file"
          accept="image/*"
          aria-label={t('add.cardImage')}
          onChange={(event) => setPhoto(event.target.files?.[0])}
        />
      </Form.Item>
    </Form>
  );
}

/** Spec my/withdraw/accountDetails: the account in full, its photo, and removal after asking. */
export function AccountDetailView({ id, onRemoved }: { id: number | undefined; onRemoved: () => void }) {
  const { t } = useTranslation('withdraw');
  const query = useWithdrawalAccount(id, true);
  const { removeAccount } = useWithdrawalActions();
  const photo = useCardImage(query.data?.cardImageUrl ?? null);
  if (id === undefined) return <NotFoundBlock />;
  if (query.isPending) return <CardSkeletons count={2} />;
  if (query.isError)
    return <LoadError error={query.error} onRetry={() => query.refetch()} isRetrying={query.isFetching} />;
  const account = query.data;
  const remove = async () => {
    if (!(await confirm(t('detail.deleteConfirm'), t('detail.deleteOk'), t('detail.deleteCancel')))) return;
    try {
      await removeAccount.mutateAsync(account.id);
      showToast(t('detail.deleted'));
      onRemoved();
    } catch (error) {
      showToast(error instanceof Error ? error.message : String(error));
    }
  };
  return (
    <section className="wallet-detail">
      <List>
        <List.Item extra={t(`accounts.method.${account.method}`)}>{t('detail.method')}</List.Item>
        <List.Item extra={t('add.savings')}>{t('detail.type')}</List.Item>
        <List.Item extra={account.payeeName}>{t('detail.payee')}</List.Item>
        <List.Item extra={account.accountNumber}>{t('detail.number')}</List.Item>
        <List.Item extra={account.bankName}>{t('detail.bank')}</List.Item>
        <List.Item
          extra={
            photo ? (
              <Image src={photo} alt={t('detail.photo')} width={120} fit="contain" />
            ) : (
              t('detail.noPhoto')
            )
          }
        >
          {t('detail.photo')}
        </List.Item>
      </List>
      <div className="wallet-footer">
        <Button
          block
          color="danger"
          fill="outline"
          loading={removeAccount.isPending}
          onClick={() => void remove()}
        >
          {t('detail.delete')}
        </Button>
      </div>
    </section>
  );
}
